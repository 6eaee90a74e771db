import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { creditsQueryKey } from '../api/get-credits';

/** A read already running is joined, never aborted for a new one. */
const JOIN_RUNNING_READ = { cancelRefetch: false } as const;

/**
 * Re-reads the signed-in person's credit state. Query shares a read in flight with every caller
 * that comes while it runs; a change announced meanwhile may not be in its answer, so those
 * callers then read once more, together (a burst of events costs two requests, none aborted).
 */
export function useCreditsRefresh(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (!userId) return;
    const filters = { queryKey: creditsQueryKey(userId) };
    if (queryClient.isFetching(filters) > 0)
      await queryClient.refetchQueries(filters, JOIN_RUNNING_READ);
    await queryClient.invalidateQueries(filters, JOIN_RUNNING_READ);
  }, [queryClient, userId]);
}
