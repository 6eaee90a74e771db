import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { FirstRenderEnd } from './first-render-end';

/** App-wide providers; tests mount the same tree with their own QueryClient and memory router. */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary variant="page">
      <QueryClientProvider client={queryClient}>
        {children}
        <FirstRenderEnd />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
