import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface State {
  error: Error | null;
}

/** Spec §2 generation error boundary: 'Generation Error' with Try Again (renders again). */
export class GenerationErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[generations] Render error in the generation area', {
      message: error.message,
      componentStack: info.componentStack,
      time: new Date().toISOString(),
    });
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="glass-panel my-6 rounded-3xl px-6 py-8 text-center">
        <h2 className="text-lg font-semibold text-white">Generation Error</h2>
        <p className="mt-2 text-sm text-zinc-400">
          Image generation ran into an unexpected problem. Try again to continue.
        </p>
        <Button className="mt-5" onClick={this.reset}>
          Try Again
        </Button>
      </div>
    );
  }
}
