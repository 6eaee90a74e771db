import { eq } from 'drizzle-orm';
import { session } from '../../../db/auth-schema';
import type { UnitOfWork } from '../../../db/create-unit-of-work';
import { recordAdminAction } from '../record-admin-action';
import type { RequestOperator } from '../require-operator';
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
    const ended = await tx
      .delete(session)
      .where(eq(session.userId, userId))
      .returning({ id: session.id });
    await recordAdminAction(tx, {
      operator: options.operator,
      action: 'sessions_end',
      targetUserId: userId,
      reason: options.reason,
      before: { sessions: ended.length },
      after: { sessions: 0 },
    });
    return { ended: ended.length };
  });
}
