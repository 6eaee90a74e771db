import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestDailyCreditsResponseSchema } from '@nocturne/contract/credits/request-daily-credits';
import { request } from '../../../lib/api-client';
import { creditsQueryKey, type CreditSnapshot } from './get-credits';

/**
 * `POST /api/v1/credits/request-daily` (no body). Sent without retry: the refusals are definitive
 * (a 429 COOLDOWN_ACTIVE would otherwise be re-sent three times) and a grant must not be posted
 * twice.
 */
export async function requestDailyCredits(): Promise<CreditSnapshot> {
  const state = await request({
    method: 'POST',
    path: '/credits/request-daily',
    retry: false,
    schema: requestDailyCreditsResponseSchema,
  });
  return { ...state, isNewUser: false };
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
