import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestDailyCreditsResponseSchema } from '@nocturne/contract/credits/request-daily-credits';
import { api } from '../../../lib/api-client';
import { creditsQueryKey, type CreditSnapshot } from './get-credits';

/**
 * `POST /api/v1/credits/request-daily` (no body). Sent without the client's automatic retry: the
 * refusals are definitive (a 429 COOLDOWN_ACTIVE would otherwise be re-sent three times) and a
 * grant must not be posted twice.
 */
export async function requestDailyCredits(): Promise<CreditSnapshot> {
  const body = await api.postCancellable<unknown>(
    '/credits/request-daily',
    undefined,
    new AbortController().signal,
  );
  return { ...requestDailyCreditsResponseSchema.parse(body), isNewUser: false };
}

export function requestDailyCreditsMutationOptions() {
  return mutationOptions({
    mutationKey: ['credits', 'request-daily'],
    mutationFn: requestDailyCredits,
  });
}

/** On success the answer becomes the cached credit state; on a refusal the state is re-read. */
export function useRequestDailyCredits(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    ...requestDailyCreditsMutationOptions(),
    onSuccess: (snapshot) => {
      if (userId) queryClient.setQueryData(creditsQueryKey(userId), snapshot);
      void queryClient.invalidateQueries({ queryKey: ['credits', 'history'] });
    },
    onError: () => {
      if (userId) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
    },
  });
}
