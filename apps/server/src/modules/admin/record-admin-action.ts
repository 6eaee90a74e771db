import type { AdminAction } from '@nocturne/contract/admin/admin-actions';
import { adminAudit } from '../../db/admin-schema';
import type { DbHandle } from '../../db/database';
import type { RequestOperator } from './require-operator';

export interface AdminActionRecord {
  operator: RequestOperator;
  action: AdminAction;
  targetUserId: string | null;
  reason: string | null;
  /** The state the action changed, as it was and as it is now (JSON-serialisable). */
  before: unknown;
  after: unknown;
}

/**
 * Writes the audit row of an operator action. Call it with the action's own transaction, so the
 * row exists exactly when the change does; admin_audit is append-only (its trigger refuses the
 * rest).
 */
export async function recordAdminAction(tx: DbHandle, record: AdminActionRecord): Promise<void> {
  await tx.insert(adminAudit).values({
    operatorId: record.operator.id,
    operatorEmail: record.operator.email,
    action: record.action,
    targetUserId: record.targetUserId,
    reason: record.reason,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
