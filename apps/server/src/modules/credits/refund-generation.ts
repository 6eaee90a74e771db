import type { RealtimeEvents } from '../../db/create-unit-of-work';
import type { DbHandle } from '../../db/database';
import { applyCreditChange } from './apply-credit-change';
import { findDebitAmount } from './repository/ledger-entries';

export interface RefundGenerationOptions {
  /** The caller's transaction (or the database: then the refund is its own transaction). */
  tx: DbHandle;
  /** Gets `credit_updated` when credits are given back. */
  events: RealtimeEvents;
  userId: string;
  generationId: string;
  /** Key of the debit to give back; defaults to debitCredits' `generation:{generationId}`. */
  debitKey?: string;
  /** Key of the refund itself; defaults to `refund:{generationId}` (one refund per debit key). */
  refundKey?: string;
}

export interface RefundGenerationResult {
  /** Credits given back by this refund (also when it had been applied before); 0 if none due. */
  refunded: number;
  /** The refund had been applied before; this call changed nothing. */
  alreadyApplied: boolean;
}

/**
 * Gives back what one debit of a generation took, exactly once. A generation that runs again
 * (a user retry) is debited and refunded under its own pair of keys. Premium generations were
 * never charged, so nothing is refunded for them.
 */
export async function refundGeneration(
  options: RefundGenerationOptions,
): Promise<RefundGenerationResult> {
  const { tx, userId, generationId } = options;
  const debitKey = options.debitKey ?? `generation:${generationId}`;
  const debited = await findDebitAmount(tx, userId, debitKey);
  if (debited === undefined || debited >= 0) return { refunded: 0, alreadyApplied: false };
  const applied = await applyCreditChange({
    tx,
    events: options.events,
    userId,
    amount: -debited,
    reason: 'refund',
    generationId,
    idempotencyKey: options.refundKey ?? `refund:${generationId}`,
  });
  return {
    refunded: applied.entry.amount,
    alreadyApplied: applied.alreadyApplied,
  };
}
