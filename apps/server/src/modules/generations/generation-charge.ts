import type { DbHandle } from '../../db/database';
import { debitCredits } from '../credits/debit-credits';
import { refundGeneration } from '../credits/refund-generation';
import type { RealtimeEvents } from '../../db/create-unit-of-work';

/**
 * A generation is charged once per run: the submit (retry_count 0) uses the credits service's
 * default keys (`generation:{id}`, `refund:{id}`); each user retry of a failed generation is a new
 * run with its own pair, because the default keys would answer "already applied".
 */
function runKeys(generationId: string, retryCount: number) {
  if (retryCount === 0) return { debitKey: undefined, refundKey: undefined };
  return {
    debitKey: `generation:${generationId}:retry:${retryCount}`,
    refundKey: `refund:${generationId}:retry:${retryCount}`,
  };
}

interface GenerationRun {
  tx: DbHandle;
  events: RealtimeEvents;
  userId: string;
  generationId: string;
  retryCount: number;
}

/**
 * Takes `amount` credits (the model's cost of one image) for this run; nothing at all when the
 * amount is 0 (premium, or a model free of cost): no ledger row, no balance check.
 */
export async function debitGenerationRun({
  retryCount,
  amount,
  ...run
}: GenerationRun & { amount: number }): Promise<{ charged: boolean }> {
  if (amount === 0) return { charged: false };
  const { debitKey } = runKeys(run.generationId, retryCount);
  return debitCredits({ ...run, amount, idempotencyKey: debitKey });
}

/** Gives back the debit of this run exactly once; returns the credits refunded by this call. */
export async function refundGenerationRun({
  retryCount,
  ...run
}: GenerationRun): Promise<{ refunded: number }> {
  const result = await refundGeneration({ ...run, ...runKeys(run.generationId, retryCount) });
  return { refunded: result.alreadyApplied ? 0 : result.refunded };
}
