import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

export interface ErrorBoundaryProps {
  children: ReactNode;
  variant?: 'page' | 'section';
  /** When this value changes (e.g. the pathname) a shown error is cleared. */
  resetKey?: unknown;
  /**
   * What replaces the children after a render error; `reset` renders them again. Defaults to the
   * generic 'Something went wrong' fallback.
   */
  fallback?: (reset: () => void) => ReactNode;
  /** The console line that records a caught error, naming the area it happened in. */
  logMessage?: string;
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
    console.error(this.props.logMessage ?? '[ui] Unhandled render error', {
      message: error.message,
      componentStack: info.componentStack,
      time: new Date().toISOString(),
    });
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.reset);
    return <ErrorFallback onReset={this.reset} variant={this.props.variant} />;
  }
}
