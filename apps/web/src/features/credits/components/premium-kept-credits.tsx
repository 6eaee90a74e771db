import { formatCredits } from '@nocturne/contract/credits/credit-status';
import { useCredits } from '../hooks/use-credits';

/**
 * Premium hides the balance (generating is free), yet credits bought or granted before stay in
 * the account: this says so, so a premium creator does not think they were lost.
 */
export function PremiumKeptCredits() {
  const { isPremium, balance, loading } = useCredits();
  if (loading || !isPremium || balance <= 0) return null;
  const amount = `${formatCredits(balance)} credit${balance === 1 ? '' : 's'}`;
  return (
    <p
      role="note"
      data-testid="premium-kept-credits"
      className="mb-4 rounded-2xl border border-amber-300/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
    >
      You have {amount} kept for later. Premium generations cost nothing, so they stay untouched and
      are yours to use if Premium ends.
    </p>
  );
}
