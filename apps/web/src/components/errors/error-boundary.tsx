import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

export interface ErrorBoundaryProps {
  children: ReactNode;
  variant?: 'page' | 'section';
  /** When this value changes (e.g. the pathname) a shown error is cleared. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[ui] Unhandled render error', {
      message: error.message,
      componentStack: info.componentStack,
      time: new Date().toISOString(),
    });
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error) {
      return <ErrorFallback onReset={this.reset} variant={this.props.variant} />;
    }
    return this.props.children;
  }
}
