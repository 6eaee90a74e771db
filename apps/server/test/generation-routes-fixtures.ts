import { eq } from 'drizzle-orm';
import { generations } from '../src/modules/generations/generations-tables';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  TINY_PNG,
  waitFor,
} from './generation-worker-harness';
import { readCreditLedger } from './read-credit-ledger';

export type Person = { token: string; userId: string };

/** The app on a fake engine that fails while `failing()` is true; alice with 5 credits, bob none. */
export async function startGenerationsApp(failing: () => boolean) {
  // Fake engine: these tests are about the API; the preview model runs in generation-flow.test.
  const ctx = await createTestApp({
    imageEngine: fakeEngine(() => {
      if (failing()) throw new Error('boom');
      return TINY_PNG;
    }),
  });
  const alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
  const bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
  await giveCredits(ctx.database.db, alice.userId, 5);
  return { ctx, alice, bob };
}

/** Requests, balances, rows and a worker run on the app of `app()`. */
export function generationsHelpers(app: () => TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload,
    });

  const generate = (token: string, prompt: string, headers?: Record<string, string>) =>
    call('POST', '/generate', token, { source_prompt: '', content_prompt: prompt }, headers);

  const balanceOf = async (userId: string) =>
    (await readCreditLedger(app().database.db, userId)).balance;

  const rowsOf = (userId: string) =>
    app().database.db.select().from(generations).where(eq(generations.userId, userId));

  /** Runs a worker until every generation of the app is completed or failed. */
  async function runQueue() {
    const ctx = app();
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: ctx.app.imageEngine,
    });
    await waitFor(async () => {
      const rows = await ctx.database.db.select().from(generations);
      return rows.every((row) => row.status === 'completed' || row.status === 'failed');
    });
    await worker.stop();
  }

  return { call, generate, balanceOf, rowsOf, runQueue };
}
