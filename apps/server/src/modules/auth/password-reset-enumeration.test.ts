import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import type { Database } from '../../db/database';
import { createLogger } from '../../lib/create-logger';
import { createMemoryWindowCounter } from '../../lib/window-counter';
import { createBackgroundSends } from '../mail/background-sends';
import type { Mailer, MailMessage } from '../mail/create-mailer';
import { createAuth } from './create-auth';

const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };

/** Headers a client sees, without the two that follow the clock whatever was asked. */
function visibleHeaders(headers: Record<string, unknown>) {
  const { date: _date, 'x-ratelimit-reset': _reset, ...rest } = headers;
  return rest;
}

describe('a password reset answers the same for known and unknown addresses', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'known@example.com');
  });
  afterAll(() => ctx.close());

  it('with the same status, headers, cookies and body', async () => {
    // From two addresses, so each answer's rate-limit counters start alike.
    const ask = (email: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: ORIGIN,
        remoteAddress,
        payload: { email, redirectTo: '/reset-password' },
      });
    const known = await ask('known@example.com', '10.0.0.1');
    const unknown = await ask('nobody@example.com', '10.0.0.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(visibleHeaders(unknown.headers)).toEqual(visibleHeaders(known.headers));
    expect(unknown.cookies).toEqual(known.cookies);
    expect(unknown.body).toBe(known.body);
  });
});

/** A mail transport that takes each message and finishes only when the test releases it. */
function heldMailer() {
  const sent: MailMessage[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  const mailer: Mailer = {
    outboxDir: undefined,
    async sendMail(message) {
      markAsked();
      await released;
      sent.push(message);
    },
  };
  return { mailer, sent, asked, release };
}

describe('the reset mail leaves after the answer', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('answers a known address while its mail is still being sent', async () => {
    const logger = createLogger({ LOG_LEVEL: 'silent' });
    const held = heldMailer();
    const backgroundSends = createBackgroundSends(logger);
    const auth = createAuth({
      db: database.db,
      secret: 'a test secret of at least thirty-two characters',
      publicUrl: TEST_PUBLIC_URL,
      corsOrigins: [],
      mailer: held.mailer,
      backgroundSends,
      logger,
      signUpPerIp: 100,
      rateLimitCounter: createMemoryWindowCounter(),
    });
    const userId = await insertTestUser(database.db);
    const ask = (email: string, address: string) =>
      auth.handler(
        new Request(`${TEST_PUBLIC_URL}/api/auth/request-password-reset`, {
          method: 'POST',
          headers: { ...ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email, redirectTo: '/reset-password' }),
        }),
      );

    // An answer that waited for the held mail would never come; the race turns that into a
    // failure instead of a hung test (a bound, not a measurement).
    const answer = ask(`${userId}@example.com`, '10.0.0.1');
    const waitedForMail = held.asked.then(() => delay(5_000, 'waited for the mail'));
    const known = await Promise.race([answer, waitedForMail]);
    if (typeof known === 'string') throw new Error(known);
    await held.asked;
    expect(held.sent).toHaveLength(0);

    const unknown = await ask('nobody@example.com', '10.0.0.2');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());

    held.release();
    await backgroundSends.settled();
    expect(held.sent.map((mail) => mail.to)).toEqual([`${userId}@example.com`]);
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(held.sent[0]?.text ?? '');
    expect(new URL(link?.[0] ?? '').origin).toBe(TEST_PUBLIC_URL);
  });
});
