import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DAILY_CREDITS, SUCCESS_BANNER_MS } from '@nocturne/contract/constants';
import { canGenerate } from '@nocturne/contract/credits/credit-status';
import { channels } from '@nocturne/contract/realtime/channels';
import { isApiError } from '../../../lib/api-client';
import { useChannelRefresh } from '../../../hooks/use-channel-refresh';
import { getErrorMessage } from '../../../lib/get-error-message';
import { realtime, type RealtimeClient } from '../../../lib/realtime';
import { CreditBreakerOpenError, creditsQueryKey, useCreditsQuery } from '../api/get-credits';
import { useRequestDailyCredits } from '../api/request-daily-credits';
import { CreditsContext, type CreditsState } from '../hooks/use-credits';
import { createCircuitBreaker, type CircuitBreaker } from '../utils/circuit-breaker';

export const PREMIUM_NO_DAILY_CREDITS_MESSAGE = 'Premium users have unlimited generations';
export const CANNOT_REQUEST_MESSAGE = 'Cannot request credits at this time';
export const DAILY_CREDITS_SUCCESS_MESSAGE = `You received ${DAILY_CREDITS} daily credits!`;

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
  /** Injected by tests; the app uses its single realtime connection. */
  realtimeClient?: RealtimeClient;
  breaker?: CircuitBreaker;
}

/** The breaker's fallback is already a sentence for people; other failures use the catalogue's. */
function loadErrorMessage(error: Error): string {
  return error instanceof CreditBreakerOpenError ? error.message : getErrorMessage(error);
}

/** Owns the signed-in user's credit state (spec §3/§4) for the header and every page below it. */
export function CreditsProvider({
  userId,
  children,
  realtimeClient = realtime,
  breaker: injectedBreaker,
}: CreditsProviderProps) {
  const queryClient = useQueryClient();
  const [breaker] = useState(() => injectedBreaker ?? createCircuitBreaker());
  const query = useCreditsQuery(userId, breaker);
  const { mutateAsync: requestGrant, isPending: isRequesting } = useRequestDailyCredits(userId);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);

  // A refresh while one runs is not a new read that aborts it: one more read follows it, for
  // every change that came meanwhile (a burst of events costs two requests, none aborted).
  const reading = useRef<Promise<void> | null>(null);
  const readAgain = useRef(false);
  const refresh = useCallback(async () => {
    if (!userId) return;
    if (reading.current) {
      readAgain.current = true;
      return reading.current;
    }
    const read = async () => {
      do {
        readAgain.current = false;
        await queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
      } while (readAgain.current);
    };
    reading.current = read().finally(() => {
      reading.current = null;
    });
    return reading.current;
  }, [queryClient, userId]);

  useChannelRefresh(
    userId ? channels.credits(userId) : null,
    realtimeClient,
    () => void refresh(),
    CREDIT_REALTIME_MAX_REJOINS,
  );

  // An open breaker lets a trial load through once its 30 s have passed.
  const breakerOpenedAt = query.error instanceof CreditBreakerOpenError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (!breakerOpenedAt) return;
    const timer = setTimeout(() => void refresh(), breaker.msUntilReset());
    return () => clearTimeout(timer);
  }, [breakerOpenedAt, breaker, refresh]);

  useEffect(() => {
    if (!successMessage) return;
    const timer = setTimeout(() => setSuccessMessage(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [successMessage]);

  const failed = query.status === 'error';
  const snapshot = failed ? undefined : query.data;
  const nextEligibleIso = snapshot?.next_eligible_at ?? null;
  const nextEligibleAt = useMemo(
    () => (nextEligibleIso ? new Date(nextEligibleIso) : null),
    [nextEligibleIso],
  );

  // When the cooldown ends the server's can_request_credits flips: read it again.
  useEffect(() => {
    if (!nextEligibleAt) return;
    const remaining = nextEligibleAt.getTime() - Date.now();
    if (remaining <= 0) return;
    const timer = setTimeout(() => void refresh(), remaining + 250);
    return () => clearTimeout(timer);
  }, [nextEligibleAt, refresh]);

  const balance = snapshot?.balance ?? 0;
  const isPremium = snapshot?.is_premium ?? false;
  const isNewUser = snapshot?.isNewUser ?? false;
  // Spec §4: any failure means 0 credits and no request.
  const canRequestCredits = snapshot?.can_request_credits ?? false;

  const requestDailyCredits = useCallback(async () => {
    setRequestError(null);
    if (isPremium) {
      setRequestError(PREMIUM_NO_DAILY_CREDITS_MESSAGE);
      return false;
    }
    if (!canRequestCredits) {
      setRequestError(CANNOT_REQUEST_MESSAGE);
      return false;
    }
    try {
      await requestGrant();
      setSuccessMessage(DAILY_CREDITS_SUCCESS_MESSAGE);
      return true;
    } catch (error) {
      setRequestError(isApiError(error) ? error.message : CANNOT_REQUEST_MESSAGE);
      return false;
    }
  }, [isPremium, canRequestCredits, requestGrant]);

  // Changes only with the credit data or the request feedback: the ticking cooldown lives in the
  // components that show it, so consumers do not re-render every second.
  const value = useMemo<CreditsState>(
    () => ({
      balance,
      loading: Boolean(userId) && query.isPending,
      error: failed ? loadErrorMessage(query.error) : null,
      isNewUser,
      isPremium,
      is_premium: isPremium,
      premium: isPremium,
      user_type: snapshot?.user_type ?? 'standard',
      canGenerate: canGenerate({ balance, isPremium }),
      nextEligibleAt,
      canRequestCredits,
      refresh,
      requestDailyCredits,
      isRequesting,
      successMessage,
      requestError,
      dismissRequestError: () => setRequestError(null),
    }),
    [
      balance,
      isPremium,
      isNewUser,
      canRequestCredits,
      nextEligibleAt,
      userId,
      query.isPending,
      query.error,
      failed,
      snapshot?.user_type,
      refresh,
      requestDailyCredits,
      isRequesting,
      successMessage,
      requestError,
    ],
  );

  return <CreditsContext.Provider value={value}>{children}</CreditsContext.Provider>;
}
