import type { ReactNode } from 'react';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import { useCredits } from '../hooks/use-credits';
import { CreditErrorFallback, type CreditErrorFallbackProps } from './credit-error-fallback';

/**
 * Spec §2 credit error boundary: 'Credit System Issue', or 'Welcome to the App!' for a new user with
 * 0 credits, with Continue Anyway (retry rendering) and Refresh Page. Must sit inside CreditsProvider.
 */
export function CreditErrorBoundary({
  children,
  variant = 'section',
}: {
  children: ReactNode;
  variant?: CreditErrorFallbackProps['variant'];
}) {
  const { isNewUser, balance } = useCredits();
  const welcome = isNewUser && balance === 0;
  return (
    <ErrorBoundary
      logMessage="[credits] Render error in the credit area"
      fallback={(reset) => (
        <CreditErrorFallback welcome={welcome} onReset={reset} variant={variant} />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
