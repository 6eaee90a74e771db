import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROMPT_SUSPENSION_AFTER } from '@nocturne/contract/generations/content-policy';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../../../test/admin-fixture';
import { TEST_PASSWORD } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { freePort } from '../../../test/free-port';
import { giveCredits, waitFor } from '../../../test/generation-worker-harness';
import { openTestDatabaseWithUrl } from '../../../test/open-test-database';
import { createOperator, signInWithTotp } from '../../../test/operator-flow';
import { createRealtimeClients } from '../../../test/realtime-client';
import { createRoomProbe } from '../../../test/room-probe';
import { bundledServerFile } from '../../../test/server-bundle';
import { authCall } from '../../../test/session-devices';
import {
  spawnServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../../../test/spawn-server-process';
import type { Database } from '../../db/database';
import { removeOperator } from '../operators/manage-operators';
import { connectRealtimeEmitter, type RealtimeEmitter } from './connect-realtime-emitter';

const OVERVIEW = channels.admin('overview');
const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const RATE_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '10000',
  SIGN_UP_MAX_PER_IP_PER_MINUTE: '1000',
  SIGN_IN_MAX_PER_IP_PER_15_MIN: '1000',
  SIGN_IN_MAX_PER_EMAIL: '100',
  SIGN_IN_MAX_PER_ACCOUNT_AND_IP: '100',
  GENERATE_MAX_PER_USER_PER_MINUTE: '100',
};
/** Tokens signed by one process are checked by another: one secret, as a deployment has. */
const SECRET = 'sockets-follow-rights-secret-of-32-chars-at-least';

/** An operator signed in twice: the second device's token opens the socket. */
interface Operator {
  email: string;
  userId: string;
  /** The first device's session cookie (the one that acts where the socket's must not). */
  cookie: string;
  device: { cookie: string; token: string };
}

async function operatorOnTwoDevices(ctx: TestApp, email: string): Promise<Operator> {
  const made = await createOperator(ctx.app, ctx.database.db, ctx.env.DATA_DIR, email);
  const second = await signInWithTotp(ctx.app, email, made.totpURI);
  return {
    email,
    userId: made.userId,
    cookie: made.cookie,
    device: { cookie: second.cookie, token: second.token },
  };
}

/** Where the change is made (process A), and the operator who acts on others there. */
interface Acting {
  first: TestApp;
  boss: Operator;
}

/** One change of a person's rights, made through process A. */
interface Change {
  name: string;
  /** It ends the socket's own session: the socket is closed, not only taken out of channels. */
  closesSocket?: boolean;
  run(acting: Acting, operator: Operator): Promise<void>;
}

const removedByTheCommand: Change = {
  name: 'operator removed (removeOperator, what `npm run operator -- remove` runs)',
  async run({ first }, operator) {
    expect(await removeOperator(first.database.db, operator.email)).toBe(true);
  },
};

const CHANGES: Change[] = [
  {
    name: 'signed out (the session ends)',
    closesSocket: true,
    async run({ first }, operator) {
      const answer = await authCall(first.app, '/sign-out', operator.device.cookie, {});
      expect(answer.statusCode).toBe(200);
    },
  },
  {
    name: 'generation suspended by another operator',
    async run({ first, boss }, operator) {
      const answer = await apiCall(
        first,
        boss.device.token,
        'PUT',
        `/admin/users/${operator.userId}/generation`,
        { suspended: true, reason: 'checking what the console allows' },
      );
      expect(answer.statusCode).toBe(200);
    },
  },
  {
    name: 'generation paused by refused prompts (escalation)',
    async run({ first }, operator) {
      await giveCredits(first.database.db, operator.userId, 10);
      const generate = () =>
        apiCall(first, operator.device.token, 'POST', '/generate', {
          content_prompt: 'sexy teen',
        });
      for (let refusal = 1; refusal <= PROMPT_SUSPENSION_AFTER; refusal += 1) {
        expect((await generate()).statusCode).toBe(422);
      }
      const pausing = await generate();
      expect([pausing.statusCode, pausing.json().error]).toEqual([403, 'GENERATION_SUSPENDED']);
    },
  },
  {
    name: 'two-factor sign-in turned off on the other device',
    async run({ first }, operator) {
      const answer = await authCall(
        first.app,
        '/two-factor/disable',
        operator.cookie,
        { password: TEST_PASSWORD },
        '10.91.0.1',
      );
      expect(answer.statusCode).toBe(200);
    },
  },
];

/**
 * The change, and what the socket, the HTTP API and a new join say afterwards: the socket leaves
 * `admin:overview` within a second (the probe's pushes stop) and keeps its own channels, or is
 * closed when its session ended; the boss's socket on the same process keeps getting them.
 */
async function expectRightsFollowed(options: {
  acting: Acting;
  change: Change;
  operator: Operator;
  socketUrl: string;
  clients: ReturnType<typeof createRealtimeClients>;
  publish: (event: RealtimeEvent) => void;
  /** The operator console as process B answers it. */
  consoleAnswer: (token: string) => Promise<number>;
}) {
  const { operator, clients } = options;
  const open = async (who: Operator) => {
    const socket = await clients.connect(options.socketUrl, who.device.token);
    expect((await clients.join(socket, OVERVIEW)).status).toBe('SUBSCRIBED');
    expect((await clients.join(socket, channels.credits(who.userId))).status).toBe('SUBSCRIBED');
    const probe = createRoomProbe({
      socket,
      channel: OVERVIEW,
      marker: channels.credits(who.userId),
      publish: options.publish,
    });
    expect(await probe.reaches()).toBe(true);
    return { socket, probe };
  };
  const watched = await open(operator);
  const boss = await open(options.acting.boss);
  let closedBecause: string | undefined;
  watched.socket.once('disconnect', (reason) => (closedBecause = reason));

  await options.change.run(options.acting, operator);

  if (options.change.closesSocket) {
    expect(await waitFor(() => closedBecause, 1_000)).toBe('io server disconnect');
  } else {
    await waitFor(async () => !(await watched.probe.reaches()), 1_000);
    expect(await watched.probe.reaches()).toBe(false);
    expect(watched.socket.connected).toBe(true);
    expect(await options.consoleAnswer(operator.device.token)).toBe(403);
    const again = await clients.join(watched.socket, OVERVIEW);
    expect(again.status).toBe('CHANNEL_ERROR');
  }
  expect(await boss.probe.reaches()).toBe(true);
}

/**
 * Sockets follow their person's rights (issue 42): whatever takes away the operator console
 * (the role, the session, a suspension, two-factor sign-in), each socket of that person leaves
 * the operators' channels within a second, in the process that made the change and in another
 * on the same database, as the HTTP API refuses them at once.
 */
describe.each([
  { processes: 'one process', shared: false },
  { processes: 'two API processes on one database', shared: true },
])('a change of rights ($processes)', ({ shared }) => {
  let first: TestApp;
  let checker: TestApp;
  let url: string;
  let boss: Operator;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    first = await createTestApp({ env: RATE_LIMITS });
    checker = shared ? await createTestApp({ database: first.database, env: RATE_LIMITS }) : first;
    url = await checker.app.listen({ port: 0, host: '127.0.0.1' });
    boss = await operatorOnTwoDevices(first, `boss-${shared ? 2 : 1}@example.com`);
  }, 60_000);
  afterAll(async () => {
    clients.disconnectAll();
    if (shared) await checker.close();
    await first.close();
  });
  afterEach(() => clients.disconnectAll());

  it.each([removedByTheCommand, ...CHANGES])(
    '$name',
    async (change) => {
      const index = [removedByTheCommand, ...CHANGES].indexOf(change);
      const operator = await operatorOnTwoDevices(
        first,
        `rights-${index}-${shared ? 2 : 1}@example.com`,
      );
      await expectRightsFollowed({
        acting: { first, boss },
        change,
        operator,
        socketUrl: url,
        clients,
        publish: (event) => checker.app.realtime.publish(event),
        consoleAnswer: async (token) =>
          (await apiCall(checker, token, 'GET', '/admin/operator')).statusCode,
      });
    },
    30_000,
  );
});

const onPostgres = inject('databaseKind') === 'postgres';

/**
 * The same as real OS processes on one PostgreSQL: the change made through the test's app
 * (process A) or by `npm run operator -- remove` (a process of its own), the socket on a
 * `--role=api` server process (B). Pushes reach B through Socket.IO's PostgreSQL emitter on one
 * connection, so a probe and its marker keep their order.
 */
describe.runIf(onPostgres)('a change of rights seen by another server process', () => {
  let database: Database;
  let databaseUrl: string;
  let first: TestApp;
  let processB: ServerProcess;
  let urlB: string;
  let dataDirB: string;
  let emitter: RealtimeEmitter;
  let boss: Operator;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    const opened = await openTestDatabaseWithUrl();
    database = opened.database;
    databaseUrl = opened.url ?? '';
    first = await createTestApp({
      database,
      env: { ...RATE_LIMITS, BETTER_AUTH_SECRET: SECRET },
    });
    dataDirB = await mkdtemp(path.join(tmpdir(), 'nocturne-rights-b-'));
    const port = await freePort();
    urlB = `http://127.0.0.1:${port}`;
    processB = spawnServerProcess({
      name: 'api B',
      role: 'api',
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: TEST_PUBLIC_URL,
        BETTER_AUTH_SECRET: SECRET,
        DATA_DIR: dataDirB,
        WEB_DIST_DIR: path.join(dataDirB, 'no-web-dist'),
        LOG_LEVEL: 'warn',
      },
    });
    await waitForHealth(processB, urlB);
    const emitted = await connectRealtimeEmitter({ databaseUrl }, pino({ level: 'silent' }));
    if (!emitted) throw new Error('no emitter for PostgreSQL');
    emitter = emitted;
    boss = await operatorOnTwoDevices(first, 'boss-processes@example.com');
  }, 120_000);
  afterAll(async () => {
    clients.disconnectAll();
    await emitter?.close();
    await processB?.stop();
    await first?.close();
    await database?.close();
    if (dataDirB) await rm(dataDirB, { recursive: true, force: true });
  });
  afterEach(() => clients.disconnectAll());

  const removedByTheCommandProcess: Change = {
    name: 'operator removed by `npm run operator -- remove` (a process of its own)',
    async run(_acting, operator) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [bundledServerFile('operator-cli'), 'remove', operator.email],
        {
          cwd: SERVER_DIR,
          env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: dataDirB },
          timeout: 60_000,
        },
      );
      expect(stdout).toContain('is no longer an added operator');
    },
  };

  it.each([removedByTheCommandProcess, ...CHANGES])(
    '$name',
    async (change) => {
      const index = [removedByTheCommandProcess, ...CHANGES].indexOf(change);
      const operator = await operatorOnTwoDevices(first, `rights-process-${index}@example.com`);
      await expectRightsFollowed({
        acting: { first, boss },
        change,
        operator,
        socketUrl: urlB,
        clients,
        publish: (event) => emitter.publish(event),
        consoleAnswer: async (token) =>
          (
            await fetch(`${urlB}/api/v1/admin/operator`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).status,
      });
    },
    90_000,
  );
});
