import type { AppDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordAdminAction, type AuditedOperator } from '../admin-audit/admin-audit-repository';
import { deleteApiKeyOf } from './api-keys-repository';
import { toApiKey } from './api-key-row';

/**
 * Revokes one of the person's keys (DELETE /api-keys/{id} by the person, or the console's
 * revoke by an operator, with a reason), audited in the same transaction. The row is gone at
 * commit, and every process looks a key up on each request, so no process accepts it after.
 * Another person's id is 404.
 */
export async function revokeApiKey(options: {
  db: AppDb;
  actor: AuditedOperator;
  userId: string;
  id: string;
  /** The operator's reason; absent when the person revokes their own key. */
  reason?: string;
}): Promise<void> {
  const { db, actor, userId } = options;
  await db.transaction(async (tx) => {
    const deleted = await deleteApiKeyOf(tx, userId, options.id);
    if (!deleted) throw new AppError('NOT_FOUND');
    await recordAdminAction(tx, {
      operator: actor,
      action: options.reason === undefined ? 'api_key_revoke' : 'api_key_revoke_by_operator',
      targetUserId: userId,
      reason: options.reason ?? null,
      before: toApiKey(deleted),
      after: null,
    });
  });
}
