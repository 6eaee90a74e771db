import { getCreditStatusMessage } from '@nocturne/contract/credits/credit-status';
import { useCredits } from './use-credits';
import { renderLocale } from '../../../lib/first-render';
import { useNow } from './use-now';

/**
 * Spec §2 credit status message (the client state's displayMessage). Only 'No credits remaining.
 * Next daily credits in {cooldown}' changes with time, so only that state ticks every second.
 */
export function useCreditStatusMessage(): string {
  const { balance, isPremium, isNewUser, canRequestCredits, nextEligibleAt } = useCredits();
  const counting = !isPremium && balance === 0 && !canRequestCredits ? nextEligibleAt : null;
  const now = useNow(counting);
  return getCreditStatusMessage(
    { balance, isPremium, isNewUser, canRequestCredits, nextEligibleAt },
    now,
    renderLocale(),
  );
}
