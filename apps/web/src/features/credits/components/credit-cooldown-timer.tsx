import { useCooldown } from '../hooks/use-cooldown';
import { ClockIcon } from './credit-icons';

/** The header's ticking wait for the next daily credits; the only part that re-renders each second. */
export function CreditCooldownTimer({ nextEligibleAt }: { nextEligibleAt: Date }) {
  const cooldown = useCooldown(nextEligibleAt);
  return (
    <span
      role="timer"
      aria-label={`Next daily credits in ${cooldown}`}
      title="Next daily credits"
      className="inline-flex h-7 shrink-0 items-center gap-1 rounded-full border border-glass-border bg-glass px-2 text-xs text-zinc-300 tabular-nums"
    >
      <ClockIcon />
      <span data-testid="credit-cooldown">{cooldown}</span>
    </span>
  );
}
