import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { waitFor } from '../../../test/generation-worker-harness';
import { createRealtimeClients } from '../../../test/realtime-client';
import {
  authCall,
  personOnTwoDevices,
  readCredits,
  resetPasswordByMail,
  type Device,
} from '../../../test/session-devices';
import { session, user } from './auth-tables';

type Who = 'caller' | 'other';
type Person = Awaited<ReturnType<typeof personOnTwoDevices>> & { email: string };

/** Every way a session ends; each runs on the first process, from the caller's device. */
interface Ending {
  name: string;
  ends: Who[];
  run(ctx: TestApp, person: Person): Promise<{ statusCode: number } | unknown>;
}

const NEW_PASSWORD = 'a brand new secret';
// Each change from its own address: better-auth allows 3 password changes per address per 10 s.
const changePassword = (extra: object, remoteAddress: string) => (ctx: TestApp, person: Person) =>
  authCall(
    ctx.app,
    '/change-password',
    person.caller.cookie,
    { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, ...extra },
    remoteAddress,
  );

const ENDINGS: Ending[] = [
  {
    name: 'sign-out',
    ends: ['caller'],
    run: (ctx, person) => authCall(ctx.app, '/sign-out', person.caller.cookie, {}),
  },
  {
    name: 'revoke-session',
    ends: ['other'],
    async run(ctx, person) {
      const listed = await authCall(ctx.app, '/list-sessions', person.caller.cookie);
      const sessions = listed.json<{ id: string; token: string }[]>();
      const token = sessions.find((each) => each.id === person.other.sessionId)?.token;
      return authCall(ctx.app, '/revoke-session', person.caller.cookie, { token });
    },
  },
  {
    name: 'revoke-other-sessions',
    ends: ['other'],
    run: (ctx, person) => authCall(ctx.app, '/revoke-other-sessions', person.caller.cookie, {}),
  },
  { name: 'password change', ends: ['other'], run: changePassword({}, '10.0.0.1') },
  {
    name: 'password change asking better-auth to revoke other sessions',
    ends: ['other'],
    run: changePassword({ revokeOtherSessions: true }, '10.0.0.2'),
  },
  {
    name: 'password change keeping the other devices signed in (the person unticked it)',
    ends: [],
    run: changePassword({ revokeOtherSessions: false }, '10.0.0.3'),
  },
  {
    name: 'password reset',
    ends: ['caller', 'other'],
    run: (ctx, person) =>
      resetPasswordByMail(ctx.app, ctx.env.DATA_DIR, person.email, NEW_PASSWORD),
  },
  {
    name: 'account deletion',
    ends: ['caller', 'other'],
    run: (ctx, person) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/v1/user/account',
        headers: { authorization: `Bearer ${person.caller.token}` },
      }),
  },
  {
    name: 'the user row deleted by any other code path (cascade)',
    ends: ['caller', 'other'],
    run: (ctx, person) => ctx.database.db.delete(user).where(eq(user.id, person.userId)),
  },
  {
    name: 'expiry',
    ends: ['other'],
    run: (ctx, person) =>
      ctx.database.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.id, person.other.sessionId)),
  },
];

/**
 * Sessions end everywhere at once (issue 28): whatever ends a session, its tokens are refused by
 * the API and the realtime handshake and its open sockets close within a second, in the process
 * that ended it and in another API process on the same database; the person's other session lives
 * on unless the ending covers it.
 */
describe.each([
  { processes: 'one process', shared: false },
  { processes: 'two processes', shared: true },
])('ending a session ($processes)', ({ shared }) => {
  let first: TestApp;
  let checker: TestApp;
  let url: string;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '10000', SIGN_UP_MAX_PER_IP_PER_MINUTE: '100' };
    first = await createTestApp({ env });
    checker = shared ? await createTestApp({ database: first.database, env }) : first;
    url = await checker.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.disconnectAll();
    if (shared) await checker.close();
    await first.close();
  });
  afterEach(() => clients.disconnectAll());

  it.each(ENDINGS)('$name', async (ending) => {
    const email = `ending-${ENDINGS.indexOf(ending)}-${shared ? 2 : 1}@example.com`;
    const person = { ...(await personOnTwoDevices(first.app, first.env.DATA_DIR, email)), email };
    const devices: Record<Who, Device> = { caller: person.caller, other: person.other };
    const sockets = {} as Record<Who, Socket>;
    const closedBecause: Partial<Record<Who, string>> = {};
    for (const who of ['caller', 'other'] as const) {
      // Accepted and remembered by the checking process before the session ends.
      expect((await readCredits(checker.app, devices[who].token)).statusCode).toBe(404);
      sockets[who] = await clients.connect(url, devices[who].token);
      sockets[who].once('disconnect', (reason) => (closedBecause[who] = reason));
    }

    const answer = await ending.run(first, person);
    if (answer && typeof answer === 'object' && 'statusCode' in answer) {
      expect(answer.statusCode).toBe(200);
    }

    for (const who of ['caller', 'other'] as const) {
      const token = devices[who].token;
      if (!ending.ends.includes(who)) {
        expect((await readCredits(checker.app, token)).statusCode).toBe(404);
        expect(sockets[who].connected).toBe(true);
        continue;
      }
      expect(await waitFor(() => closedBecause[who], 1_000)).toBe('io server disconnect');
      await waitFor(async () => (await readCredits(checker.app, token)).statusCode === 401, 1_000);
      expect((await readCredits(checker.app, token)).json()).toEqual({
        error: 'UNAUTHORIZED',
        message: ERROR_CATALOGUE.UNAUTHORIZED.message,
      });
      const claim = await checker.app.inject({
        method: 'POST',
        url: '/api/v1/credits/request-daily',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(claim.statusCode).toBe(401);
      await expect(clients.connect(url, token)).rejects.toThrow('UNAUTHORIZED');
    }
  });
});
