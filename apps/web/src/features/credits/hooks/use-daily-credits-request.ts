import { useCallback, useEffect, useMemo, useState } from 'react';
import { DAILY_CREDITS, SUCCESS_BANNER_MS } from '@nocturne/contract/constants';
import { isApiError } from '../../../lib/api-client';
import { useRequestDailyCredits } from '../api/request-daily-credits';

export const PREMIUM_NO_DAILY_CREDITS_MESSAGE = 'Premium users have unlimited generations';
export const CANNOT_REQUEST_MESSAGE = 'Cannot request credits at this time';
export const DAILY_CREDITS_SUCCESS_MESSAGE = `You received ${DAILY_CREDITS} daily credits!`;

/**
 * The daily-credits request as a mutation, and its feedback: refused here without a call when the
 * state already says no (premium, not eligible), else sent once; a grant is announced for a few
 * seconds, a refusal stays until dismissed or the next request.
 */
export function useDailyCreditsRequest(
  userId: string | null | undefined,
  { isPremium, canRequestCredits }: { isPremium: boolean; canRequestCredits: boolean },
) {
  const grant = useRequestDailyCredits(userId);
  const { mutateAsync, reset, isPending: isRequesting, isSuccess, error } = grant;
  /** Why the request was refused here, before any call. */
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(reset, SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, reset]);

  const requestDailyCredits = useCallback(async () => {
    const refused = isPremium
      ? PREMIUM_NO_DAILY_CREDITS_MESSAGE
      : canRequestCredits
        ? null
        : CANNOT_REQUEST_MESSAGE;
    setRefusal(refused);
    if (refused) {
      reset();
      return false;
    }
    return mutateAsync().then(
      () => true,
      () => false,
    );
  }, [isPremium, canRequestCredits, mutateAsync, reset]);

  const dismissRequestError = useCallback(() => {
    setRefusal(null);
    reset();
  }, [reset]);
  const requestError =
    refusal ?? (error ? (isApiError(error) ? error.message : CANNOT_REQUEST_MESSAGE) : null);
  const successMessage = isSuccess ? DAILY_CREDITS_SUCCESS_MESSAGE : null;
  // One object while nothing changes, so the credits context keeps its value.
  return useMemo(
    () => ({
      requestDailyCredits,
      isRequesting,
      successMessage,
      requestError,
      dismissRequestError,
    }),
    [requestDailyCredits, isRequesting, successMessage, requestError, dismissRequestError],
  );
}
