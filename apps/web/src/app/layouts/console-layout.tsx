import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { LoadErrorPanel } from '../../components/errors/load-error-panel';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Logo } from '../../components/ui/logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/ui/skip-link';
import { paths } from '../../config/paths';
import { useOperator } from '../../features/admin/api/get-operator';
import { ConsoleNav } from '../../features/admin/components/console-nav';
import { TwoFactorRequired } from '../../features/admin/components/two-factor-required';
import { isApiError } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/get-error-message';
import { RouteTitle } from '../route-title';
import { NotFoundRoute } from '../routes/not-found';

/**
 * The operator's console (issue 32): its own chunk and shell. It asks the API who is at the
 * console first; anyone who is not an operator sees the ordinary not-found page, so nothing in
 * the interface hints that a console exists.
 */
export function ConsoleLayout() {
  const { pathname } = useLocation();
  const operator = useOperator();

  if (operator.isPending) return <LoadingScreen />;
  if (operator.isError) {
    const code = isApiError(operator.error) ? operator.error.code : undefined;
    // The title says no more than the page does: nothing hints that a console exists.
    if (code === 'OPERATOR_ONLY') {
      return (
        <>
          <RouteTitle title="Page not found" />
          <NotFoundRoute />
        </>
      );
    }
    if (code === 'OPERATOR_TWO_FACTOR_REQUIRED') return <TwoFactorRequired />;
    return (
      <div className="mx-auto max-w-md px-4 py-20">
        <LoadErrorPanel
          title="The console could not load"
          message={getErrorMessage(operator.error)}
          onRetry={() => void operator.refetch()}
        />
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <RouteTitle />
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-glass-border bg-night-950/70 backdrop-blur-xl">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to={paths.admin.overview.getHref()}
            className="flex min-h-11 items-center gap-3 rounded-xl"
          >
            <Logo compact className="max-sm:[&>span]:sr-only" />
            <span className="rounded-lg border border-glass-border px-2 py-0.5 text-xs font-medium tracking-wide text-zinc-300 uppercase">
              Console
            </span>
          </Link>
          <div className="flex min-w-0 items-center gap-3 text-sm">
            <span className="hidden truncate text-zinc-400 sm:inline">{operator.data.email}</span>
            <Link
              to={paths.app.dashboard.getHref()}
              className="flex min-h-11 items-center rounded-xl px-3 text-zinc-300 transition hover:bg-glass hover:text-white"
            >
              Back to the app
            </Link>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-8 lg:py-8">
        <ConsoleNav />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
