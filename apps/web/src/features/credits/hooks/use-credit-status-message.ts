import { getCreditStatusMessage } from '@nocturne/contract/credits/credit-status';
import { useCredits } from './use-credits';
import { useGenerationPauseNotice } from './use-generation-pause-notice';
import { renderLocale } from '../../../lib/first-render';
import { useNow } from './use-now';

/**
 * Spec §2 credit status message (the client state's displayMessage), or the operator's message
 * while generation is paused for this person. Only 'No credits remaining. Next daily credits in
 * {cooldown}' changes with time, so only that state ticks every second.
 */
export function useCreditStatusMessage(): string {
  const { balance, isPremium, isNewUser, canRequestCredits, nextEligibleAt } = useCredits();
  const paused = useGenerationPauseNotice(isPremium);
  const counting =
    !paused && !isPremium && balance === 0 && !canRequestCredits ? nextEligibleAt : null;
  const now = useNow(counting);
  if (paused) return paused;
  return getCreditStatusMessage(
    { balance, isPremium, isNewUser, canRequestCredits, nextEligibleAt },
    now,
    renderLocale(),
  );
}
