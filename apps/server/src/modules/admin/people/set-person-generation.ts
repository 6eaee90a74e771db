import { sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../db/create-unit-of-work';
import { readGenerationHold, setGenerationHold } from '../../moderation/generation-holds';
import { PROMPT_REFUSED_CHANNEL } from '../../moderation/screen-prompt';
import { recordAdminAction } from '../../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../../operators/require-operator';
import { lockPerson } from './lock-person';

/**
 * PUT /api/v1/admin/users/{id}/generation: suspends a person's generation until restored
 * (GENERATION_SUSPENDED on submit, nothing charged), or restores it, lifting an automatic pause
 * too. Every process hears of it at commit, on the channel a refusal uses.
 */
export async function setPersonGeneration(options: {
  unitOfWork: UnitOfWork;
  operator: RequestOperator;
  userId: string;
  suspended: boolean;
  reason: string;
}): Promise<{ suspended: boolean }> {
  const { userId, suspended } = options;
  await options.unitOfWork.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const before = (await readGenerationHold(tx, userId))?.suspended ?? false;
    await setGenerationHold(tx, userId, suspended, new Date());
    await tx.execute(sql`select pg_notify(${PROMPT_REFUSED_CHANNEL}, ${userId})`);
    await recordAdminAction(tx, {
      operator: options.operator,
      action: suspended ? 'generation_suspend' : 'generation_restore',
      targetUserId: userId,
      reason: options.reason,
      before: { suspended: before },
      after: { suspended },
    });
  });
  return { suspended };
}
