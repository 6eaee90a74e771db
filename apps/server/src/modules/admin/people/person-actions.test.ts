import {
  PROMPT_SUSPENSION_AFTER,
  OPERATOR_SUSPENSION_MESSAGE,
} from '@nocturne/contract/generations/content-policy';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  auditRowsAbout,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { createVerifiedUser } from '../../../../test/auth-flow';
import { giveCredits } from '../../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../../test/read-credit-ledger';
import { session, user } from '../../auth/auth-tables';
import { promptRefusals } from '../../moderation/moderation-tables';

describe('People actions: suspend and restore generation, end sessions, delete the account', () => {
  let admin: AdminTestContext;
  beforeAll(async () => {
    admin = await createAdminTestContext();
  });
  afterAll(() => admin.ctx.close());

  const asOperator = (method: 'PUT' | 'DELETE', url: string, body: object) =>
    apiCall(admin.ctx, admin.operator.token, method, `/admin/users${url}`, body);
  const submit = (token: string) =>
    apiCall(admin.ctx, token, 'POST', '/generate', { content_prompt: 'a moonlit owl' });

  it('suspends until restored (nothing charged), and a restore also lifts an automatic pause', async () => {
    const { userId, token } = admin.person;
    const db = admin.ctx.database.db;
    await giveCredits(db, userId, 5);
    // Enough refusals within the window for the content rules' own pause.
    await db.insert(promptRefusals).values(
      Array.from({ length: PROMPT_SUSPENSION_AFTER + 1 }, (_, index) => ({
        userId,
        contentPrompt: `refused ${index}`,
        rule: 'minors',
        createdAt: new Date(Date.now() - 60_000 + index * 1000),
      })),
    );
    const paused = await submit(token);
    expect([paused.statusCode, paused.json().error]).toEqual([403, 'GENERATION_SUSPENDED']);
    expect(paused.headers['retry-after']).toBeDefined();

    const suspend = await asOperator('PUT', `/${userId}/generation`, {
      suspended: true,
      reason: 'abusive prompts',
    });
    expect(suspend.json()).toEqual({ suspended: true });
    const refused = await submit(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'GENERATION_SUSPENDED',
      message: OPERATOR_SUSPENSION_MESSAGE,
    });

    const restore = await asOperator('PUT', `/${userId}/generation`, {
      suspended: false,
      reason: 'appeal accepted',
    });
    expect(restore.json()).toEqual({ suspended: false });
    const accepted = await submit(token);
    expect(accepted.statusCode).toBe(200);
    const { balance, entries } = await readCreditLedger(db, userId);
    expect([balance, entries.length]).toEqual([4, 2]);
    expect(
      (await auditRowsAbout(admin.ctx, userId)).map((row) => [
        row.action,
        row.reason,
        row.before,
        row.after,
      ]),
    ).toEqual([
      ['generation_restore', 'appeal accepted', { suspended: true }, { suspended: false }],
      ['generation_suspend', 'abusive prompts', { suspended: false }, { suspended: true }],
    ]);
  });

  it("ends all of a person's sessions: their tokens are refused at once", async () => {
    const someone = await createVerifiedUser(
      admin.ctx.app,
      admin.ctx.env.DATA_DIR,
      'ended@example.com',
    );
    const response = await asOperator('DELETE', `/${someone.userId}/sessions`, {
      reason: 'account shared publicly',
    });
    expect(response.json()).toEqual({ ended: 1 });
    const db = admin.ctx.database.db;
    expect(await db.select().from(session).where(eq(session.userId, someone.userId))).toEqual([]);
    await expect
      .poll(async () => (await apiCall(admin.ctx, someone.token, 'GET', '/profile')).statusCode)
      .toBe(401);
    const [audit] = await auditRowsAbout(admin.ctx, someone.userId);
    expect(audit).toMatchObject({
      action: 'sessions_end',
      reason: 'account shared publicly',
      before: { sessions: 1 },
      after: { sessions: 0 },
    });
  });

  it('deletes the account through the deletion path; the audit row stays', async () => {
    const someone = await createVerifiedUser(
      admin.ctx.app,
      admin.ctx.env.DATA_DIR,
      'gone@example.com',
    );
    await giveCredits(admin.ctx.database.db, someone.userId, 2);
    const missingReason = await asOperator('DELETE', `/${someone.userId}`, {});
    expect(missingReason.statusCode).toBe(422);
    const response = await asOperator('DELETE', `/${someone.userId}`, { reason: 'asked by mail' });
    expect(response.json()).toEqual({ deleted: true });
    const db = admin.ctx.database.db;
    expect(await db.select().from(user).where(eq(user.id, someone.userId))).toEqual([]);
    // The ledger keeps its amounts under the pseudonym, as when people delete themselves.
    expect((await readCreditLedger(db, someone.userId)).entries).toEqual([]);
    expect((await apiCall(admin.ctx, someone.token, 'GET', '/profile')).statusCode).toBe(401);
    const [audit] = await auditRowsAbout(admin.ctx, someone.userId);
    expect(audit).toMatchObject({ action: 'account_delete', reason: 'asked by mail' });
    const again = await asOperator('DELETE', `/${someone.userId}`, { reason: 'twice' });
    expect([again.statusCode, again.json().error]).toEqual([404, 'NOT_FOUND']);
    expect(await auditRowsAbout(admin.ctx, someone.userId)).toHaveLength(1);
  });
});
