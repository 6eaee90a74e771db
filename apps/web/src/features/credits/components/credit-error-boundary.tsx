import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useCredits } from '../hooks/use-credits';
import { CreditErrorFallback, type CreditErrorFallbackProps } from './credit-error-fallback';

interface BoundaryProps {
  children: ReactNode;
  welcome: boolean;
  variant: CreditErrorFallbackProps['variant'];
}

class CreditErrorBoundaryInner extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[credits] Render error in the credit area', {
      message: error.message,
      componentStack: info.componentStack,
      time: new Date().toISOString(),
    });
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <CreditErrorFallback
        welcome={this.props.welcome}
        onReset={this.reset}
        variant={this.props.variant}
      />
    );
  }
}

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
  return (
    <CreditErrorBoundaryInner welcome={isNewUser && balance === 0} variant={variant}>
      {children}
    </CreditErrorBoundaryInner>
  );
}
