import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { creditTransactions } from '../../db/credits-schema';
import { applyCreditChange } from './apply-credit-change';

export interface RefundGenerationOptions {
  /** The caller's transaction (or the database: then the refund is its own transaction). */
  tx: DbHandle;
  userId: string;
  generationId: string;
}

export interface RefundGenerationResult {
  /** Credits given back by this refund (also when it had been applied before); 0 if none due. */
  refunded: number;
  /** The balance after the refund; null when nothing was debited (no account change). */
  balance: number | null;
  /** The refund had been applied before; this call changed nothing. */
  alreadyApplied: boolean;
}

/**
 * Gives back what was actually debited for a generation that finally failed, exactly once
 * (idempotency key `refund:{generationId}`). Premium generations were never charged, so nothing is
 * refunded for them. Publish `credit_updated` after commit when `refunded > 0 && !alreadyApplied`.
 */
export async function refundGeneration(
  options: RefundGenerationOptions,
): Promise<RefundGenerationResult> {
  const { tx, userId, generationId } = options;
  const [row] = await tx
    .select({ debited: sql<number>`coalesce(-sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.userId, userId),
        eq(creditTransactions.generationId, generationId),
        eq(creditTransactions.reason, 'generation'),
      ),
    );
  const debited = row?.debited ?? 0;
  if (debited <= 0) return { refunded: 0, balance: null, alreadyApplied: false };
  const applied = await applyCreditChange({
    tx,
    userId,
    amount: debited,
    reason: 'refund',
    generationId,
    idempotencyKey: `refund:${generationId}`,
  });
  return {
    refunded: applied.entry.amount,
    balance: applied.balance,
    alreadyApplied: applied.alreadyApplied,
  };
}
