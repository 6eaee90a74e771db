import type { CreditReason } from '@nocturne/contract/credits/get-credit-history';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import { applyCreditChange } from './apply-credit-change';
import { ensureCreditAccount } from './ensure-credit-account';

/** Reasons a grant may carry; debits and refunds have their own functions. */
export type GrantReason = Exclude<CreditReason, 'generation' | 'refund'>;

export interface GrantCreditsOptions {
  /** The caller's transaction (or the database: then the grant is its own transaction). */
  tx: DbHandle;
  /** Gets `credit_updated` when credits are added. */
  events: RealtimeEvents;
  userId: string;
  /** Positive number of credits to add. */
  amount: number;
  reason: GrantReason;
  /** Names the grant: a retry with the same key adds nothing more. */
  idempotencyKey: string;
}

export interface GrantCreditsResult {
  balance: number;
  transactionId: string;
  alreadyApplied: boolean;
}

/** Adds credits, creating the credit account when the user has none yet. */
export async function grantCredits(options: GrantCreditsOptions): Promise<GrantCreditsResult> {
  const { tx, userId, amount } = options;
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new AppError('INTERNAL_ERROR', { details: { reason: 'invalid grant amount', amount } });
  }
  return tx.transaction(async (grantTx) => {
    await ensureCreditAccount({ tx: grantTx, userId });
    const applied = await applyCreditChange({
      tx: grantTx,
      events: options.events,
      userId,
      amount,
      reason: options.reason,
      idempotencyKey: options.idempotencyKey,
    });
    return {
      balance: applied.balance,
      transactionId: applied.entry.id,
      alreadyApplied: applied.alreadyApplied,
    };
  });
}
