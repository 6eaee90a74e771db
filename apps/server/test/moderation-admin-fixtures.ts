import { desc, eq } from 'drizzle-orm';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from './generation-worker-harness';
import { adminAudit } from '../src/modules/admin-audit/admin-audit-tables';
import { promptRefusals } from '../src/modules/moderation/moderation-tables';

export type Person = { token: string; userId: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Two API processes on one database (the second shares the first's), an operator (two-factor not
 * required here; admin-access.test.ts covers it) and alice and bob with 20 credits each.
 */
export async function startModerationAdminApps() {
  const options = {
    imageEngine: fakeEngine(() => TINY_PNG),
    env: {
      RATE_LIMIT_PER_MINUTE: '10000',
      OPERATOR_EMAILS: 'ops@example.com',
      OPERATOR_REQUIRE_TWO_FACTOR: 'false',
    },
  };
  const first = await createTestApp(options);
  const second = await createTestApp({ ...options, database: first.database });
  const make = (email: string) => createVerifiedUser(first.app, first.env.DATA_DIR, email);
  const operator = await make('ops@example.com');
  const alice = await make('alice@example.com');
  const bob = await make('bob@example.com');
  for (const person of [alice, bob]) await giveCredits(first.database.db, person.userId, 20);
  return { first, second, operator, alice, bob };
}

/** Requests on either process, and the rows they leave. */
export function moderationAdminHelpers(apps: () => { first: TestApp; second: TestApp }) {
  const call = (
    method: Method,
    url: string,
    person: Person,
    payload?: object,
    on: 'first' | 'second' = 'first',
  ) =>
    apps()[on].app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${person.token}` },
      payload,
    });
  const generate = (person: Person, prompt: string, on: 'first' | 'second' = 'first') =>
    call('POST', '/generate', person, { content_prompt: prompt }, on);
  const db = () => apps().first.database.db;
  const refusalsOf = (person: Person) =>
    db()
      .select()
      .from(promptRefusals)
      .where(eq(promptRefusals.userId, person.userId))
      .orderBy(desc(promptRefusals.createdAt));
  const lastAudit = async () =>
    (await db().select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1))[0];
  return { call, generate, refusalsOf, lastAudit };
}
