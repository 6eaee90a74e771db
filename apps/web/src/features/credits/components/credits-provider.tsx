import { useMemo, useState, type ReactNode } from 'react';
import { canGenerate } from '@nocturne/contract/credits/credit-status';
import { channels } from '@nocturne/contract/realtime/channels';
import { useChannelRefresh } from '../../../hooks/use-channel-refresh';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useRealtimeClient } from '../../../lib/realtime-context';
import { CreditBreakerOpenError, useCreditsQuery } from '../api/get-credits';
import { useCreditRefreshTimers } from '../hooks/use-credit-refresh-timers';
import { CreditsContext, type CreditsState } from '../hooks/use-credits';
import { useCreditsEventRefresh } from '../hooks/use-credits-event-refresh';
import { useCreditsRefresh } from '../hooks/use-credits-refresh';
import { useDailyCreditsRequest } from '../hooks/use-daily-credits-request';
import { createCircuitBreaker } from '../utils/circuit-breaker';

/**
 * The spec leaves the credits channel's rejoin limit open: 5 (2 to 32 s, about a minute), a
 * bounded version of the subscription channel's rule. Credits still refresh on page loads and
 * after requests once the channel is given up.
 */
export const CREDIT_REALTIME_MAX_REJOINS = 5;

export interface CreditsProviderProps {
  /** The signed-in user's id; nothing is loaded without one. */
  userId: string | null | undefined;
  children: ReactNode;
}

/** The breaker's fallback is already a sentence for people; other failures use the catalogue's. */
function loadErrorMessage(error: Error): string {
  return error instanceof CreditBreakerOpenError ? error.message : getErrorMessage(error);
}

/** Owns the signed-in user's credit state (spec §3/§4) for the header and every page below it. */
export function CreditsProvider({ userId, children }: CreditsProviderProps) {
  const [breaker] = useState(createCircuitBreaker);
  const query = useCreditsQuery(userId, breaker);
  const refresh = useCreditsRefresh(userId);
  const onCreditsEvent = useCreditsEventRefresh(refresh);
  useChannelRefresh(
    userId ? channels.credits(userId) : null,
    useRealtimeClient(),
    onCreditsEvent,
    CREDIT_REALTIME_MAX_REJOINS,
  );

  const failed = query.status === 'error';
  const snapshot = failed ? undefined : query.data;
  const nextEligibleIso = snapshot?.next_eligible_at ?? null;
  const nextEligibleAt = useMemo(
    () => (nextEligibleIso ? new Date(nextEligibleIso) : null),
    [nextEligibleIso],
  );
  useCreditRefreshTimers({
    error: query.error,
    errorUpdatedAt: query.errorUpdatedAt,
    breaker,
    nextEligibleAt,
    refresh,
  });

  const balance = snapshot?.balance ?? 0;
  const isPremium = snapshot?.is_premium ?? false;
  const isNewUser = snapshot?.isNewUser ?? false;
  // Spec §4: any failure means 0 credits and no request.
  const canRequestCredits = snapshot?.can_request_credits ?? false;
  const daily = useDailyCreditsRequest(userId, { isPremium, canRequestCredits });

  // Changes only with the credit data or the request feedback: the ticking cooldown lives in the
  // components that show it, so consumers do not re-render every second.
  const loading = Boolean(userId) && query.isPending;
  const error = failed ? loadErrorMessage(query.error) : null;
  const userType = snapshot?.user_type ?? 'standard';
  const value = useMemo<CreditsState>(
    () => ({
      balance,
      loading,
      error,
      isNewUser,
      isPremium,
      is_premium: isPremium,
      premium: isPremium,
      user_type: userType,
      canGenerate: canGenerate({ balance, isPremium }),
      nextEligibleAt,
      canRequestCredits,
      refresh,
      ...daily,
    }),
    [
      balance,
      loading,
      error,
      isNewUser,
      isPremium,
      userType,
      nextEligibleAt,
      canRequestCredits,
      refresh,
      daily,
    ],
  );

  return <CreditsContext.Provider value={value}>{children}</CreditsContext.Provider>;
}
