import type { AdminAuditEntry } from '@nocturne/contract/admin/get-admin-audit';
import { desc, eq } from 'drizzle-orm';
import { adminAudit } from '../src/modules/admin-audit/admin-audit-tables';
import { toAdminAuditEntry } from '../src/modules/admin-audit/find-admin-audit';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import { createOperator } from './operator-flow';

/** Listed in OPERATOR_EMAILS but without two-factor sign-in: the console refuses them. */
export const OPERATOR_WITHOUT_TWO_FACTOR = 'no-2fa-operator@example.com';

export interface AdminTestContext {
  ctx: TestApp;
  /** An operator (an `operators` row) who signed in with the TOTP step. */
  operator: { userId: string; token: string };
  /** A verified person who is not an operator. */
  person: { userId: string; token: string };
  /** An operator who has not turned on two-factor sign-in. */
  unprotected: { userId: string; token: string };
}

/** The real app with an operator, a person and an operator without two-factor sign-in. */
export async function createAdminTestContext(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<AdminTestContext> {
  const ctx = await createTestApp({
    ...options,
    env: {
      RATE_LIMIT_PER_MINUTE: '10000',
      OPERATOR_EMAILS: OPERATOR_WITHOUT_TWO_FACTOR,
      ...options.env,
    },
  });
  const dataDir = ctx.env.DATA_DIR;
  const operator = await createOperator(ctx.app, ctx.database.db, dataDir, 'ops@example.com');
  const person = await createVerifiedUser(ctx.app, dataDir, 'person@example.com');
  const unprotected = await createVerifiedUser(ctx.app, dataDir, OPERATOR_WITHOUT_TWO_FACTOR);
  return { ctx, operator, person, unprotected };
}

/** One request to /api/v1 with a bearer token. */
export function apiCall(
  ctx: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** The audit rows about a person, newest first, read from the table itself. */
export async function auditRowsAbout(ctx: TestApp, userId: string): Promise<AdminAuditEntry[]> {
  const rows = await ctx.database.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetUserId, userId))
    .orderBy(desc(adminAudit.id));
  return rows.map(toAdminAuditEntry);
}
