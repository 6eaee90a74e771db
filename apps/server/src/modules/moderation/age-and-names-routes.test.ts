import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { readOutbox } from '../../../test/read-outbox';
import { user } from '../auth/auth-tables';
import { promptRefusals } from './moderation-tables';

describe('18+ confirmation and configured names', () => {
  let ctx: TestApp;
  let namesDir: string;

  beforeAll(async () => {
    namesDir = await mkdtemp(path.join(tmpdir(), 'nocturne-names-'));
    const namesFile = path.join(namesDir, 'names.txt');
    await writeFile(namesFile, '# local public figures\nAda Quux-Lovelace\n');
    ctx = await createTestApp({
      imageEngine: fakeEngine(() => TINY_PNG),
      env: { PROMPT_POLICY_EXTRA_NAMES_FILE: namesFile },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(namesDir, { recursive: true, force: true });
  });

  it('refuses sexual depictions of names from PROMPT_POLICY_EXTRA_NAMES_FILE too', async () => {
    const frank = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'frank@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${frank.token}` },
      payload: { content_prompt: 'ada quux lovelace, nude' },
    });
    expect(response.statusCode).toBe(422);
    const [refusal] = await ctx.database.db
      .select()
      .from(promptRefusals)
      .where(eq(promptRefusals.userId, frank.userId));
    expect(refusal?.rule).toBe('sexualised_real_person');
  });

  it('is recorded for every account the sign-up creates (the column cannot be empty)', async () => {
    const dave = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'dave@example.com');
    const [row] = await ctx.database.db
      .select({ ageConfirmedAt: user.ageConfirmedAt })
      .from(user)
      .where(eq(user.id, dave.userId));
    expect(row?.ageConfirmedAt).toBeInstanceOf(Date);
    await expect(
      ctx.database.db.execute(
        sql`update "user" set age_confirmed_at = null where id = ${dave.userId}`,
      ),
    ).rejects.toThrow();
  });

  it('without one, generation and every route that hands out image links answer 403', async () => {
    const erin = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'erin@example.com');
    await giveCredits(ctx.database.db, erin.userId, 5);
    // An account from before the confirmation was recorded (the column made optional for the test).
    await ctx.database.db.execute(
      sql`alter table "user" alter column age_confirmed_at drop not null`,
    );
    await ctx.database.db.execute(
      sql`update "user" set age_confirmed_at = null where id = ${erin.userId}`,
    );
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${erin.token}` },
        payload,
      });
    for (const response of [
      await as('POST', '/generate', { content_prompt: 'an owl' }),
      await as('GET', '/generations'),
      await as('GET', '/favorites'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'AGE_CONFIRMATION_REQUIRED',
        message: PRODUCT_ERRORS.AGE_CONFIRMATION_REQUIRED.message,
      });
    }
    // Their own account stays theirs: they can still read, export or delete it.
    const mailed = (await readOutbox(ctx.env.DATA_DIR, 'erin@example.com')).length;
    expect((await as('GET', '/user/export')).statusCode).toBe(200);
    await expect
      .poll(async () => (await readOutbox(ctx.env.DATA_DIR, 'erin@example.com')).length)
      .toBe(mailed + 1);
    expect((await readCreditLedger(ctx.database.db, erin.userId)).balance).toBe(5);
  });
});
