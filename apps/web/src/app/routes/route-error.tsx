import { ErrorFallback } from '../../components/errors/error-fallback';
import { browser } from '../../lib/browser';

/** Last-resort route error element; Try Again reloads the current address. */
export function RouteErrorFallback() {
  return <ErrorFallback variant="page" onReset={() => browser.assign(window.location.href)} />;
}
