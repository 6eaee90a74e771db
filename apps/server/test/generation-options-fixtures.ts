import { eq } from 'drizzle-orm';
import { generations } from '../src/modules/generations/generations-tables';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import { fakeEngine, giveCredits, startTestWorker, waitFor } from './generation-worker-harness';
import { readCreditLedger, setPremium } from './read-credit-ledger';

export type EngineBehaviour = (signal: AbortSignal | undefined) => Promise<Buffer> | Buffer;
export type Person = { token: string; userId: string };

/**
 * The app on the fake `engine`, queue limits 4 per person and 6 per premium person; alice with no
 * credit record, bob with 0 credits, vip premium with 0.
 */
export async function startOptionsApp(engine: Parameters<typeof fakeEngine>[0]) {
  const ctx = await createTestApp({
    env: { GENERATION_QUEUE_MAX_PER_USER: '4', GENERATION_QUEUE_MAX_PER_PREMIUM_USER: '6' },
    imageEngine: fakeEngine(engine),
  });
  const alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
  const bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
  const vip = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'vip@example.com');
  await giveCredits(ctx.database.db, bob.userId, 0);
  await giveCredits(ctx.database.db, vip.userId, 0);
  await setPremium(ctx.database.db, vip.userId, true);
  return { ctx, alice, bob, vip };
}

/** Fails every queued image, so a test starts with an empty queue. */
export async function emptyQueue(ctx: TestApp) {
  await ctx.database.db
    .update(generations)
    .set({ status: 'failed', lockedBy: null, lockedUntil: null })
    .where(eq(generations.status, 'queued'));
}

/** Requests, ledgers, rows and a worker run on the app of `app()`. */
export function optionsHelpers(app: () => TestApp) {
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    app().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const generate = (token: string, body: object) =>
    call('POST', '/generate', token, { content_prompt: 'a moonlit owl', ...body });
  const ledgerOf = (userId: string) => readCreditLedger(app().database.db, userId);
  const rowsOf = (requestId: string) =>
    app()
      .database.db.select()
      .from(generations)
      .where(eq(generations.requestId, requestId))
      .orderBy(generations.imageIndex);

  async function runUntilDone(requestId: string) {
    const ctx = app();
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: ctx.app.imageEngine,
    });
    await waitFor(async () =>
      (await rowsOf(requestId)).every((row) => ['completed', 'failed'].includes(row.status)),
    );
    await worker.stop();
  }

  return { call, generate, ledgerOf, rowsOf, runUntilDone };
}
