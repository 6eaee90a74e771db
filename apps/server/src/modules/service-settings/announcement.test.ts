import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { adminAudit } from '../admin-audit/admin-audit-tables';

type Person = { token: string; userId: string };

/** The announcement banner: set and ended by an operator (audited), read by everyone signed in. */
describe('the announcement (PUT/DELETE /api/v1/admin/announcement)', () => {
  let ctx: TestApp;
  let ops: Person;
  let alice: Person;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        RATE_LIMIT_PER_MINUTE: '10000',
        OPERATOR_EMAILS: 'ops@example.com',
        OPERATOR_REQUIRE_TWO_FACTOR: 'false',
      },
    });
    ops = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'ops@example.com');
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, who: Person, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${who.token}` },
      payload,
    });
  const status = async () => (await call('GET', '/service-status', alice)).json();
  const auditCount = async () => (await ctx.database.db.select().from(adminAudit)).length;
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const banner = { text: 'Maintenance tonight at 22:00 UTC.', level: 'warning' };

  it('answers 403 to anyone but an operator, and writes nothing', async () => {
    const set = await call('PUT', '/admin/announcement', alice, { ...banner, ends_at: inAnHour() });
    const ended = await call('DELETE', '/admin/announcement', alice);
    for (const response of [set, ended]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'OPERATOR_ONLY' });
    }
    expect((await status()).announcement).toBeNull();
    expect(await auditCount()).toBe(0);
  });

  it('refuses an end time in the past or a bad level (422)', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    for (const payload of [
      { ...banner, ends_at: past },
      { ...banner, level: 'shout', ends_at: inAnHour() },
      { ...banner, text: ' ', ends_at: inAnHour() },
    ]) {
      const response = await call('PUT', '/admin/announcement', ops, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    expect(await auditCount()).toBe(0);
  });

  it('shows the banner to signed-in people with a new id each time, audited', async () => {
    const endsAt = inAnHour();
    const set = await call('PUT', '/admin/announcement', ops, { ...banner, ends_at: endsAt });
    expect(set.statusCode).toBe(200);
    const shown = (await status()).announcement;
    expect(shown).toEqual({ id: expect.any(String), ...banner, ends_at: endsAt });
    await call('PUT', '/admin/announcement', ops, { ...banner, ends_at: endsAt });
    expect((await status()).announcement.id).not.toBe(shown.id);
    const [last] = await ctx.database.db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(last).toMatchObject({
      action: 'announcement_set',
      operatorId: ops.userId,
      before: { announcement: shown },
      after: { announcement: { ...banner, ends_at: endsAt } },
    });
  });

  it('an operator ends it early; an ended one is gone', async () => {
    const ended = await call('DELETE', '/admin/announcement', ops);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ announcement: null });
    expect((await status()).announcement).toBeNull();
    const soon = new Date(Date.now() + 300).toISOString();
    await call('PUT', '/admin/announcement', ops, { ...banner, ends_at: soon });
    expect((await status()).announcement).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await status()).announcement).toBeNull();
  });
});
