import { bidiControlMessage } from '@nocturne/contract/text/bidi-controls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signUp } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { user } from '../../modules/auth/auth-tables';
import { generations } from '../../modules/generations/generations-tables';

const RLO = '\u202E';
const ISOLATE = '\u2067';
const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };

describe('bidi controls in names, usernames and prompts, at every entry point', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string; cookie: string };

  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: fakeEngine(() => TINY_PNG) });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bidi@example.com');
    await giveCredits(ctx.database.db, alice.userId, 5);
  });
  afterAll(() => ctx.close());

  const api = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${alice.token}` },
      payload,
    });
  const usersNamed = (email: string) =>
    ctx.database.db.select().from(user).where(eq(user.email, email));

  it('sign-up refuses a name with a bidi control and creates nothing', async () => {
    for (const name of [`evil${RLO}gnp.exe`, `Dana${ISOLATE}`]) {
      const response = await signUp(ctx.app, 'spoof@example.com', { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        code: 'INVALID_NAME',
        message: bidiControlMessage('Name'),
      });
    }
    expect(await usersNamed('spoof@example.com')).toHaveLength(0);
  });

  it('sign-up stores a name without its direction marks', async () => {
    const response = await signUp(ctx.app, 'marks@example.com', { name: '\u200Fשרה\u200E ' });
    expect(response.statusCode).toBe(200);
    expect((await usersNamed('marks@example.com'))[0]?.name).toBe('שרה');
  });

  it("better-auth's update-user refuses such a name too", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...ORIGIN, cookie: alice.cookie },
      payload: { name: `Alice${RLO}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_NAME' });
    expect((await usersNamed('bidi@example.com'))[0]?.name).toBe('Test User');
  });

  it('PUT /profile refuses a name or username with a bidi control (422) and changes nothing', async () => {
    const name = await api('PUT', '/profile', { name: `Alice${RLO}` });
    expect(name.statusCode).toBe(422);
    expect(name.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: bidiControlMessage('Name'),
    });
    const username = await api('PUT', '/profile', { username: `ali${ISOLATE}ce` });
    expect(username.statusCode).toBe(422);
    expect(username.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'Username can only contain letters, numbers, underscores, and hyphens',
    });
    const stored = (await usersNamed('bidi@example.com'))[0];
    expect([stored?.name, stored?.username]).toEqual(['Test User', null]);
  });

  it('POST /generate refuses a bidi control in any prompt (422), spending nothing', async () => {
    for (const field of ['content_prompt', 'source_prompt', 'negative_prompt']) {
      const response = await api('POST', '/generate', {
        content_prompt: 'an owl',
        [field]: `moon${RLO}lit`,
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: `Invalid input: ${field}: ${bidiControlMessage(field)}`,
      });
    }
    const rows = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, alice.userId));
    expect(rows).toHaveLength(0);
    expect((await readCreditLedger(ctx.database.db, alice.userId)).balance).toBe(5);
  });

  it('a retry refuses prompts stored with a bidi control, before any charge', async () => {
    const submitted = await api('POST', '/generate', { content_prompt: 'an\u200F owl' });
    expect(submitted.statusCode).toBe(200);
    const { requestId } = submitted.json<{ requestId: string }>();
    const [queued] = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.requestId, requestId));
    expect(queued?.contentPrompt).toBe('an owl');
    const [stored] = await ctx.database.db
      .update(generations)
      .set({ status: 'failed', contentPrompt: `an ${RLO}owl` })
      .where(eq(generations.requestId, requestId))
      .returning();
    const balance = (await readCreditLedger(ctx.database.db, alice.userId)).balance;

    const retried = await api('POST', `/generations/${requestId}/retry`);
    expect(retried.statusCode).toBe(422);
    expect(retried.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: bidiControlMessage('content_prompt'),
    });
    expect((await readCreditLedger(ctx.database.db, alice.userId)).balance).toBe(balance);
    const [after] = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.id, stored!.id));
    expect(after).toMatchObject({ status: 'failed', retryCount: 0 });
  });
});
