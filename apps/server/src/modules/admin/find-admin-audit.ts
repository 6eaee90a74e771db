import type {
  AdminAuditEntry,
  GetAdminAuditQuery,
  GetAdminAuditResponse,
} from '@nocturne/contract/admin/get-admin-audit';
import { count, desc, eq } from 'drizzle-orm';
import { adminAudit } from '../../db/admin-schema';
import type { DbHandle } from '../../db/database';

type AuditRow = typeof adminAudit.$inferSelect;

export function toAdminAuditEntry(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operatorId: row.operatorId,
    operatorEmail: row.operatorEmail,
    action: row.action as AdminAuditEntry['action'],
    targetUserId: row.targetUserId,
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

/** GET /api/v1/admin/audit: newest first, one page, and how many there are in all. */
export async function findAdminAudit(options: {
  db: DbHandle;
  query: GetAdminAuditQuery;
}): Promise<GetAdminAuditResponse> {
  const { db, query } = options;
  const where = query.user === undefined ? undefined : eq(adminAudit.targetUserId, query.user);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(adminAudit).where(where),
  ]);
  return { entries: rows.map(toAdminAuditEntry), total: total?.total ?? 0 };
}
