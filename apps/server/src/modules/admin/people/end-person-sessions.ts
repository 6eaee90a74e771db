import { deletePersonSessions } from '../../auth/people-repository';
import type { UnitOfWork } from '../../../db/create-unit-of-work';
import { recordAdminAction } from '../../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../../operators/require-operator';
import { lockPerson } from './lock-person';

/**
 * DELETE /api/v1/admin/users/{id}/sessions: deletes every session row; the table's trigger
 * announces each at commit (decision 044), so their tokens are refused and sockets close
 * everywhere.
 */
export async function endPersonSessions(options: {
  unitOfWork: UnitOfWork;
  operator: RequestOperator;
  userId: string;
  reason: string;
}): Promise<{ ended: number }> {
  const { userId } = options;
  return options.unitOfWork.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const ended = await deletePersonSessions(tx, userId);
    await recordAdminAction(tx, {
      operator: options.operator,
      action: 'sessions_end',
      targetUserId: userId,
      reason: options.reason,
      before: { sessions: ended },
      after: { sessions: 0 },
    });
    return { ended };
  });
}
