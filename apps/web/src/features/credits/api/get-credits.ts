import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCreditsResponseSchema, type CreditState } from '@nocturne/contract/credits/get-credits';
import { isApiError, request } from '../../../lib/api-client';
import type { CircuitBreaker } from '../utils/circuit-breaker';

/** The credit state as the client keeps it: the server's answer plus whether the user is new. */
export interface CreditSnapshot extends CreditState {
  isNewUser: boolean;
}

/** Spec §4: a 404 means the user has no credit record yet: a new user, not an error. */
export const NEW_USER_CREDITS: CreditSnapshot = {
  balance: 0,
  user_type: 'standard',
  is_premium: false,
  next_eligible_at: null,
  can_request_credits: true,
  isNewUser: true,
};

export const BREAKER_OPEN_MESSAGE =
  'Credit loading temporarily unavailable. Defaulting to 0 credits.';

/** Thrown instead of calling the API while the credit-loading breaker is open. */
export class CreditBreakerOpenError extends Error {
  constructor() {
    super(BREAKER_OPEN_MESSAGE);
    this.name = 'CreditBreakerOpenError';
  }
}

/** `GET /api/v1/credits` */
export async function getCredits(options: { signal?: AbortSignal } = {}): Promise<CreditSnapshot> {
  try {
    const state = await request({
      path: '/credits',
      signal: options.signal,
      schema: getCreditsResponseSchema,
      expectedStatuses: [404],
    });
    return { ...state, isNewUser: false };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return NEW_USER_CREDITS;
    throw error;
  }
}

export const creditsQueryKey = (userId: string) => ['credits', 'state', userId] as const;

export function getCreditsQueryOptions(userId: string, breaker: CircuitBreaker) {
  return queryOptions({
    queryKey: creditsQueryKey(userId),
    queryFn: async ({ signal }) => {
      if (breaker.isOpen()) throw new CreditBreakerOpenError();
      try {
        const snapshot = await getCredits({ signal });
        breaker.recordSuccess();
        return snapshot;
      } catch (error) {
        // A cancelled load (unmount, superseded refetch) says nothing about the service's health.
        if (signal.aborted) throw error;
        breaker.recordFailure();
        // The failure that opens the breaker already reports the fallback (spec §4).
        if (breaker.isOpen()) throw new CreditBreakerOpenError();
        throw error;
      }
    },
  });
}

/** Loads only when a user id exists (spec §4). */
export function useCreditsQuery(userId: string | null | undefined, breaker: CircuitBreaker) {
  return useQuery({
    ...getCreditsQueryOptions(userId ?? '', breaker),
    enabled: Boolean(userId),
  });
}
