import { CREDIT_STATS_MONTH_DAYS, CREDIT_STATS_WEEK_DAYS } from '../constants';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreditStats {
  totalUsed: number;
  averagePerDay: number;
  /** The days averagePerDay is taken over: 30, or fewer for a person who joined since. */
  averageDays: number;
  thisWeek: number;
  thisMonth: number;
  generationCount: number;
  averagePerGeneration: number;
}

export interface CreditStatsEntry {
  amount: number;
  created_at: string;
  generation_id?: string | null;
  /** Images a history line stands for (a batch's debits read as one line); 1 when absent. */
  image_count?: number;
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function averageWindowDays(now: Date, joinedAt: Date | undefined): number {
  if (!joinedAt || Number.isNaN(joinedAt.getTime())) return CREDIT_STATS_MONTH_DAYS;
  const daysSinceJoining = Math.ceil((now.getTime() - joinedAt.getTime()) / DAY_MS);
  return Math.min(CREDIT_STATS_MONTH_DAYS, Math.max(1, daysSinceJoining));
}

/**
 * Spec §3 derived credit stats. "Used" counts debits (negative amounts) net of refunds for the same
 * generation, so a failed-and-refunded generation costs nothing; the generation count is the images
 * debited less the images refunded. The average per day is taken over
 * the 30-day window, or over the days since the person joined when that is shorter (a started day
 * counts as one): three credits on a first day average three, not 0.1.
 */
export function deriveCreditStats(
  history: CreditStatsEntry[],
  now: Date = new Date(),
  joinedAt?: Date,
): CreditStats {
  const weekStart = now.getTime() - CREDIT_STATS_WEEK_DAYS * DAY_MS;
  const monthStart = now.getTime() - CREDIT_STATS_MONTH_DAYS * DAY_MS;
  let totalUsed = 0;
  let thisWeek = 0;
  let thisMonth = 0;
  // Images paid for: a debit line adds its images, a refund line takes its images back.
  let generationCount = 0;

  for (const entry of history) {
    const at = new Date(entry.created_at).getTime();
    if (entry.generation_id) generationCount += Math.sign(-entry.amount) * (entry.image_count ?? 1);
    const isSpend = entry.amount < 0 || (entry.generation_id != null && entry.amount > 0);
    if (!isSpend) continue;
    const used = -entry.amount;
    totalUsed += used;
    if (at >= weekStart) thisWeek += used;
    if (at >= monthStart) thisMonth += used;
  }

  const averageDays = averageWindowDays(now, joinedAt);
  return {
    totalUsed,
    averagePerDay: roundTo(thisMonth / averageDays, 2),
    averageDays,
    thisWeek,
    thisMonth,
    generationCount,
    averagePerGeneration: generationCount === 0 ? 0 : roundTo(totalUsed / generationCount, 2),
  };
}
