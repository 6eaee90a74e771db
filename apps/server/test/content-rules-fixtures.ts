import { eq } from 'drizzle-orm';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from './generation-worker-harness';
import { readCreditLedger } from './read-credit-ledger';
import { generations } from '../src/modules/generations/generations-tables';
import { promptRefusals } from '../src/modules/moderation/moderation-tables';

export type Person = { token: string; userId: string };

/** The app on a fake engine, suspending for 2 h, with alice, bob and carol holding 5 credits each. */
export async function startContentRulesApp() {
  const ctx = await createTestApp({
    imageEngine: fakeEngine(() => TINY_PNG),
    env: { PROMPT_SUSPENSION_HOURS: '2' },
  });
  const alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
  const bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
  const carol = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'carol@example.com');
  for (const person of [alice, bob, carol]) await giveCredits(ctx.database.db, person.userId, 5);
  return { ctx, alice, bob, carol };
}

/** Requests as a person, and what they left in the database, on the app of `app()`. */
export function contentRulesHelpers(app: () => TestApp) {
  const db = () => app().database.db;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    app().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const generate = (person: Person, prompt: string, negative = '') =>
    call('POST', '/generate', person.token, { content_prompt: prompt, negative_prompt: negative });
  const balanceOf = async (person: Person) => (await readCreditLedger(db(), person.userId)).balance;
  const refusalsOf = (person: Person) =>
    db().select().from(promptRefusals).where(eq(promptRefusals.userId, person.userId));
  const generationsOf = (person: Person) =>
    db().select().from(generations).where(eq(generations.userId, person.userId));
  return { db, call, generate, balanceOf, refusalsOf, generationsOf };
}
