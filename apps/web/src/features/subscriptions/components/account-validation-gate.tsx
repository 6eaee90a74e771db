import { useEffect, type ReactNode } from 'react';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { browser } from '../../../lib/browser';
import { useActiveSubscriptionCheck } from '../api/get-active-subscription';

export const VALIDATING_ACCOUNT_TEXT = 'Validating user account...';

/**
 * Spec §4: on shell load the active-subscription check runs; `was_expired` reloads the page so every
 * cached premium state is rebuilt, anything else (including an error) lets the app through.
 */
export function AccountValidationGate({ children }: { children: ReactNode }) {
  const check = useActiveSubscriptionCheck();
  const mustReload = check.data?.was_expired === true;

  useEffect(() => {
    if (mustReload) browser.reload();
  }, [mustReload]);

  if (check.isPending || mustReload) return <LoadingScreen label={VALIDATING_ACCOUNT_TEXT} />;
  return children;
}
