import { formatCooldown } from '@nocturne/contract/credits/credit-status';
import { useNow } from './use-now';

/**
 * The live 'Next daily credits in …' text ('Available now' once past), or null without a cooldown.
 * It ticks every second, so only the component that shows it should call it.
 */
export function useCooldown(nextEligibleAt: Date | null): string | null {
  const now = useNow(nextEligibleAt);
  return nextEligibleAt ? formatCooldown(nextEligibleAt.getTime() - now.getTime()) : null;
}
