import { QueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import { ErrorFallback } from '../../../components/errors/error-fallback';

/** Spec §2 gallery boundary: 'Gallery Error' with 'Reload Gallery', which also refetches. */
export function GalleryErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset: resetQueries }) => (
        <ErrorBoundary
          logMessage="[gallery] Render error"
          fallback={(reset) => (
            <ErrorFallback
              title="Gallery Error"
              message="Your gallery could not be shown. Your saved images are safe."
              resetLabel="Reload Gallery"
              onReset={() => {
                resetQueries();
                reset();
              }}
            />
          )}
        >
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
