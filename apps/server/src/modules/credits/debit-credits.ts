import { GENERATION_COST_CREDITS } from '@nocturne/contract/constants';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import { applyCreditChange, findAppliedChange } from './apply-credit-change';
import { hasCreditAccount } from './repository/credit-balance';

export interface DebitCreditsOptions {
  /** The caller's transaction (or the database: then the debit is its own transaction). */
  tx: DbHandle;
  /** Gets `credit_updated` when credits are taken. */
  events: RealtimeEvents;
  userId: string;
  /** Positive number of credits to take; defaults to the cost of one generation. */
  amount?: number;
  generationId: string;
  /** Defaults to `generation:{generationId}`: one debit per generation, however often retried. */
  idempotencyKey?: string;
}

export interface DebitCreditsResult {
  /** False for premium users, who are never charged. */
  charged: boolean;
  /** The ledger row id of the debit, null when not charged. */
  transactionId: string | null;
  /** The same key had been applied before; this call changed nothing. */
  alreadyApplied: boolean;
}

/**
 * Takes credits for a generation. Throws AppError INSUFFICIENT_CREDITS (402) when the balance is
 * short or the user has no credit account.
 */
export async function debitCredits(options: DebitCreditsOptions): Promise<DebitCreditsResult> {
  const { tx, events, userId, generationId } = options;
  const amount = options.amount ?? GENERATION_COST_CREDITS;
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new AppError('INTERNAL_ERROR', { details: { reason: 'invalid debit amount', amount } });
  }
  const idempotencyKey = options.idempotencyKey ?? `generation:${generationId}`;
  const change = { tx, userId, reason: 'generation' as const, idempotencyKey };

  // A replay answers what happened the first time, even if premium or balance changed since.
  const earlier = await findAppliedChange(change);
  if (earlier) return toResult(earlier.entry.id, true);

  if (await hasPremiumAccess({ tx, userId })) {
    return { charged: false, transactionId: null, alreadyApplied: false };
  }
  if (!(await hasCreditAccount(tx, userId))) {
    throw new AppError('INSUFFICIENT_CREDITS', { details: { userId, reason: 'no account' } });
  }
  const applied = await applyCreditChange({ ...change, events, amount: -amount, generationId });
  return toResult(applied.entry.id, applied.alreadyApplied);
}

function toResult(transactionId: string, alreadyApplied: boolean): DebitCreditsResult {
  return { charged: true, transactionId, alreadyApplied };
}
