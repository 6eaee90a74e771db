import type { DbHandle } from '../../db/database';
import { applyCreditChange, findAppliedChange } from '../credits/apply-credit-change';
import { debitCredits } from '../credits/debit-credits';
import { refundGeneration } from '../credits/refund-generation';

/**
 * A generation is charged once per run: the submit (retry_count 0) uses the credits service's
 * default keys (`generation:{id}`, `refund:{id}`); each user retry of a failed generation is a new
 * run with its own keys, because the default keys would answer "already applied". The credits
 * service has no keyed refund yet, so retry refunds compose its primitives here (see README).
 */
function runKeys(generationId: string, retryCount: number) {
  return {
    debit: `generation:${generationId}:retry:${retryCount}`,
    refund: `refund:${generationId}:retry:${retryCount}`,
  };
}

export async function debitGenerationRun(options: {
  tx: DbHandle;
  userId: string;
  generationId: string;
  retryCount: number;
}) {
  const { tx, userId, generationId, retryCount } = options;
  const idempotencyKey = retryCount === 0 ? undefined : runKeys(generationId, retryCount).debit;
  return debitCredits({ tx, userId, generationId, idempotencyKey });
}

/** Gives back the debit of this run exactly once; returns the credits refunded by this call. */
export async function refundGenerationRun(options: {
  tx: DbHandle;
  userId: string;
  generationId: string;
  retryCount: number;
}): Promise<{ refunded: number; balance: number | null }> {
  const { tx, userId, generationId, retryCount } = options;
  if (retryCount === 0) {
    const result = await refundGeneration({ tx, userId, generationId });
    return { refunded: result.alreadyApplied ? 0 : result.refunded, balance: result.balance };
  }
  const keys = runKeys(generationId, retryCount);
  const debit = await findAppliedChange({
    tx,
    userId,
    reason: 'generation',
    idempotencyKey: keys.debit,
  });
  // Premium runs were never debited: nothing to give back.
  if (!debit) return { refunded: 0, balance: null };
  const applied = await applyCreditChange({
    tx,
    userId,
    amount: -debit.entry.amount,
    reason: 'refund',
    generationId,
    idempotencyKey: keys.refund,
  });
  return { refunded: applied.alreadyApplied ? 0 : applied.entry.amount, balance: applied.balance };
}
