import type { AdminAction } from '@nocturne/contract/admin/admin-actions';
import { asc, desc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { adminAudit } from './admin-audit-tables';

/** Who acted: the operator behind the request (operators' RequestOperator), or the shell. */
export interface AuditedOperator {
  id: string;
  email: string;
}

export interface AdminActionRecord {
  operator: AuditedOperator;
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

/** The rows about the person in their export; the operators' identities stay out. */
export async function exportAuditRowsAbout(db: DbHandle, userId: string) {
  const rows = await db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetUserId, userId))
    .orderBy(asc(adminAudit.id));
  return rows.map((row) => toExportRecord(adminAudit, row, ['operatorId', 'operatorEmail']));
}

/** The latest rows about the person, newest first (the console's person page). */
export function readRecentAuditRowsAbout(db: DbHandle, userId: string, limit: number) {
  return db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetUserId, userId))
    .orderBy(desc(adminAudit.id))
    .limit(limit);
}
