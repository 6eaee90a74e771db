import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../../db/create-unit-of-work';
import { AppError } from '../../../lib/app-error';
import { applyCreditChange } from '../../credits/apply-credit-change';
import { ensureCreditAccount } from '../../credits/ensure-credit-account';
import { readBalance } from '../../credits/repository/credit-balance';
import { recordAdminAction } from '../../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../../operators/require-operator';
import { lockPerson } from './lock-person';

/**
 * POST /api/v1/admin/users/{id}/credits: one ledger row (`admin_grant` or `admin_debit`) through
 * the one balance change, its audit row, and `credit_updated` to the person's open tabs at commit.
 * A debit never takes the balance below zero (refused, nothing written).
 */
export async function adjustPersonCredits(options: {
  unitOfWork: UnitOfWork;
  operator: RequestOperator;
  userId: string;
  amount: number;
  reason: string;
}): Promise<{ balance: number }> {
  const { userId, amount } = options;
  return options.unitOfWork.transaction(async (tx, events) => {
    await lockPerson(tx, userId);
    await ensureCreditAccount({ tx, userId });
    const applied = await applyCreditChange({
      tx,
      events,
      userId,
      amount,
      reason: amount > 0 ? 'admin_grant' : 'admin_debit',
      idempotencyKey: `admin:${randomUUID()}`,
    }).catch(async (error: unknown) => {
      if (!(error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')) throw error;
      const balance = await readBalance(tx, userId);
      throw new AppError('INSUFFICIENT_CREDITS', {
        message: `This person has ${balance} credits; a debit cannot take the balance below zero.`,
      });
    });
    await recordAdminAction(tx, {
      operator: options.operator,
      action: amount > 0 ? 'credits_grant' : 'credits_debit',
      targetUserId: userId,
      reason: options.reason,
      // The one statement that changed the balance answered it: exact even beside a concurrent debit.
      before: { balance: applied.balance - amount },
      after: { balance: applied.balance, amount, ledgerEntryId: applied.entry.id },
    });
    return { balance: applied.balance };
  });
}
