import type { ReactNode } from 'react';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import { Button } from '../../../components/ui/button';

/** Spec §2 generation error boundary: 'Generation Error' with Try Again (renders again). */
export function GenerationErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      logMessage="[generations] Render error in the generation area"
      fallback={(reset) => (
        <div role="alert" className="glass-panel my-6 rounded-3xl px-6 py-8 text-center">
          <h2 className="text-lg font-semibold text-white">Generation Error</h2>
          <p className="mt-2 text-sm text-zinc-400">
            Image generation ran into an unexpected problem. Try again to continue.
          </p>
          <Button className="mt-5" onClick={reset}>
            Try Again
          </Button>
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
