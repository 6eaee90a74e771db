import { formatCredits } from '@nocturne/contract/credits/credit-status';
import type { CreditStats } from '@nocturne/contract/credits/credit-stats';
import { useCreditStats } from '../api/get-credit-history';

type StatKey = 'totalUsed' | 'thisWeek' | 'thisMonth' | 'averagePerDay';

/** The four most telling of the spec's derived stats; windows are 7 and 30 days. */
const CARDS: Array<{ key: StatKey; label: string; hint: (stats: CreditStats) => string }> = [
  { key: 'totalUsed', label: 'Total Used', hint: () => 'credits spent' },
  { key: 'thisWeek', label: 'This Week', hint: () => 'last 7 days' },
  { key: 'thisMonth', label: 'This Month', hint: () => 'last 30 days' },
  {
    key: 'averagePerDay',
    label: 'Avg per Day',
    hint: ({ averageDays }) =>
      averageDays === 1 ? 'since you joined today' : `over ${averageDays} days`,
  },
];

/** `joinedAt` (the account's creation) lets a new account's average count its own days. */
export function CreditStatsCards({ joinedAt }: { joinedAt?: Date }) {
  const { stats, isLoading } = useCreditStats(joinedAt);
  return (
    <dl
      aria-busy={isLoading || undefined}
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4"
    >
      {CARDS.map((card) => (
        <div key={card.key} className="glass-panel rounded-2xl px-4 py-4 sm:px-5">
          <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">
            {card.label}
          </dt>
          <dd className="mt-2 font-display text-2xl font-semibold text-white tabular-nums sm:text-3xl">
            {isLoading ? (
              <span className="inline-block h-7 w-12 animate-pulse rounded-lg bg-glass-strong align-middle" />
            ) : (
              <span data-testid={`credit-stat-${card.key}`}>{formatCredits(stats[card.key])}</span>
            )}
          </dd>
          <dd className="mt-1 text-xs text-zinc-500">{card.hint(stats)}</dd>
        </div>
      ))}
    </dl>
  );
}
