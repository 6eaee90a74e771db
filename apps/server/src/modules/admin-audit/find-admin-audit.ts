import type {
  AdminAuditEntry,
  GetAdminAuditQuery,
  GetAdminAuditResponse,
} from '@nocturne/contract/admin/get-admin-audit';
import { count, desc, eq, or } from 'drizzle-orm';
import { adminAudit } from './admin-audit-tables';
import { people, personIdByEmail } from '../auth/people-repository';
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

/** Rows about the person whose id is `who`, or whose address is `who` in any case. */
function aboutPerson(who: string) {
  return or(eq(adminAudit.targetUserId, who), eq(adminAudit.targetUserId, personIdByEmail(who)));
}

/** GET /api/v1/admin/audit: newest first, one page, and how many there are in all. */
export async function findAdminAudit(options: {
  db: DbHandle;
  query: GetAdminAuditQuery;
}): Promise<GetAdminAuditResponse> {
  const { db, query } = options;
  const where = query.user === undefined ? undefined : aboutPerson(query.user);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: adminAudit, targetEmail: people.email })
      .from(adminAudit)
      .leftJoin(people, eq(people.id, adminAudit.targetUserId))
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(adminAudit).where(where),
  ]);
  return {
    entries: rows.map(({ row, targetEmail }) => ({ ...toAdminAuditEntry(row), targetEmail })),
    total: total?.total ?? 0,
  };
}
