import {
  EXPORT_DATA_FILE,
  exportDataSchema,
} from '@nocturne/contract/account-data/export-user-data';
import { getAdminAuditResponseSchema } from '@nocturne/contract/admin/get-admin-audit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { readOutbox } from '../../../test/read-outbox';
import { readZip } from '../../../test/read-zip';
import { adminAudit } from '../admin-audit/admin-audit-tables';
import { recordAdminAction } from '../admin-audit/admin-audit-repository';

const OPERATOR = { id: 'operator-1', email: 'ops@example.com' };

describe('the audit log (admin_audit, GET /api/v1/admin/audit, the export)', () => {
  let ctx: TestApp;
  let operatorToken: string;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };

  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        RATE_LIMIT_PER_MINUTE: '10000',
        OPERATOR_EMAILS: 'ops@example.com',
        OPERATOR_REQUIRE_TWO_FACTOR: 'false',
      },
    });
    operatorToken = (await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'ops@example.com')).token;
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    const db = ctx.database.db;
    for (const [target, amount] of [
      [alice.userId, 5],
      [bob.userId, 7],
      [alice.userId, 9],
    ] as const) {
      await db.transaction((tx) =>
        recordAdminAction(tx, {
          operator: OPERATOR,
          action: 'credits_grant',
          targetUserId: target,
          reason: `goodwill ${amount}`,
          before: { balance: 0 },
          after: { balance: amount },
        }),
      );
    }
  });
  afterAll(() => ctx.close());

  const auditPage = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit${query}`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(response.statusCode).toBe(200);
    return getAdminAuditResponseSchema.parse(response.json());
  };

  it('lists rows newest first, about one person when asked, a page at a time', async () => {
    const all = await auditPage('');
    expect(all.total).toBe(3);
    expect(all.entries.map((entry) => entry.reason)).toEqual([
      'goodwill 9',
      'goodwill 7',
      'goodwill 5',
    ]);
    const aboutAlice = await auditPage(`?user=${alice.userId}&limit=1&offset=1`);
    expect(aboutAlice.total).toBe(2);
    expect(aboutAlice.entries).toEqual([
      expect.objectContaining({
        operatorId: OPERATOR.id,
        operatorEmail: OPERATOR.email,
        action: 'credits_grant',
        targetUserId: alice.userId,
        reason: 'goodwill 5',
        before: { balance: 0 },
        after: { balance: 5 },
      }),
    ]);
  });

  it("finds a person's rows by their address too (any case) and names whom each row is about", async () => {
    const byEmail = await auditPage('?user=ALICE@example.com');
    expect(byEmail.entries.map((entry) => entry.reason)).toEqual(['goodwill 9', 'goodwill 5']);
    expect(byEmail.entries.map((entry) => entry.targetEmail)).toEqual([
      'alice@example.com',
      'alice@example.com',
    ]);
    expect((await auditPage('?user=nobody@example.com')).total).toBe(0);
    expect((await auditPage('?user=alice@')).total).toBe(0);
  });

  it('refuses a page size past the bound', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?limit=101',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('VALIDATION_ERROR');
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = ctx.database.db;
    await expect(
      db
        .update(adminAudit)
        .set({ reason: 'rewritten' })
        .where(eq(adminAudit.targetUserId, bob.userId)),
    ).rejects.toThrow();
    await expect(db.delete(adminAudit)).rejects.toThrow();
    await expect(db.execute(sql`truncate admin_audit`)).rejects.toThrow();
    expect((await auditPage('')).total).toBe(3);
  });

  it('writes the row with its action or not at all (one transaction)', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await recordAdminAction(tx, {
          operator: OPERATOR,
          action: 'sessions_end',
          targetUserId: bob.userId,
          reason: 'never happened',
          before: null,
          after: null,
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect((await auditPage(`?user=${bob.userId}`)).total).toBe(1);
  });

  it("puts the rows about a person in that person's export, without the operator's identity", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/export',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(response.statusCode).toBe(200);
    const files = await readZip(response.rawPayload);
    const data = exportDataSchema.parse(JSON.parse(files.get(EXPORT_DATA_FILE)!.toString('utf8')));
    expect(data.admin_actions.map((row) => row.reason)).toEqual(['goodwill 5', 'goodwill 9']);
    expect(data.admin_actions[0]).toMatchObject({ action: 'credits_grant', after: { balance: 5 } });
    expect(JSON.stringify(data.admin_actions)).not.toContain(OPERATOR.email);
    expect(data.admin_actions[0]).not.toHaveProperty('operator_id');
    // The export-ready mail leaves after the answer; let it land before the data dir goes.
    await expect
      .poll(async () => (await readOutbox(ctx.env.DATA_DIR, 'alice@example.com')).length)
      .toBe(2);
  });
});
