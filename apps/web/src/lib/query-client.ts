import { QueryClient } from '@tanstack/react-query';

/** The HTTP client already retries retryable errors (spec §9); TanStack Query must not add more. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
