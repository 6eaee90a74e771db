import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signIn } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { waitFor } from '../../../test/generation-worker-harness';
import {
  hasRedisServer,
  startRedisServer,
  type RedisServer,
} from '../../../test/start-redis-server';

if (!hasRedisServer) {
  console.warn('shared-rate-limits.test.ts skipped: /usr/bin/redis-server is not installed');
}

const GLOBAL_PER_MINUTE = 20;
const GENERATE_PER_MINUTE = 3;
const SIGN_IN_PER_IP = 4;
const SIGN_IN_PER_ACCOUNT = 3;
const SIGN_UP_PER_IP = 2;

const LIMITS_ENV = {
  RATE_LIMIT_PER_MINUTE: String(GLOBAL_PER_MINUTE),
  GENERATE_MAX_PER_USER_PER_MINUTE: String(GENERATE_PER_MINUTE),
  SIGN_UP_MAX_PER_IP_PER_MINUTE: String(SIGN_UP_PER_IP),
};

const statusesOf = (responses: LightMyRequestResponse[]) =>
  responses.map((response) => (response.statusCode === 429 ? 429 : 'served'));

/** `count` requests, alternating between the apps as a round-robin proxy would send them. */
async function alternate(
  apps: FastifyInstance[],
  count: number,
  send: (app: FastifyInstance, index: number) => Promise<LightMyRequestResponse>,
) {
  const responses: LightMyRequestResponse[] = [];
  for (let index = 0; index < count; index += 1) {
    responses.push(await send(apps[index % apps.length]!, index));
  }
  return statusesOf(responses);
}

const budget = (allowed: number, total: number) =>
  Array.from({ length: total }, (_, index) => (index < allowed ? 'served' : 429));

const readCredits = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/api/v1/credits', remoteAddress });

const generate = (app: FastifyInstance, authorization: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/generate',
    headers: { authorization },
    remoteAddress,
    payload: { source_prompt: 'owl', content_prompt: 'an owl' },
  });

/**
 * Two API processes behind one proxy (decision 023): with REDIS_URL a person or address gets the
 * same budget as on one process, whichever process each request reaches.
 */
describe.runIf(hasRedisServer)('rate limits shared through Redis', () => {
  let redis: RedisServer;
  let first: TestApp;
  let second: TestApp;
  let apps: FastifyInstance[];
  let authorization: string;

  let appClients: number;

  /** Runs `command` on a connection of its own; undefined while Redis cannot be reached. */
  async function onRedis<T>(command: (client: ReturnType<typeof createClient>) => Promise<T>) {
    const client = createClient({ url: redis.url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await command(client);
    } catch {
      return undefined;
    } finally {
      if (client.isOpen) client.destroy();
    }
  }
  const redisHasKey = async (pattern: string) =>
    ((await onRedis((client) => client.keys(`nocturne:limit:${pattern}`))) ?? []).length > 0;
  /** The apps' connections (limits, realtime adapter), not counting the one asking. */
  const countAppClients = async () =>
    ((await onRedis((client) => client.clientList())) ?? []).length - 1;

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = {
      ...LIMITS_ENV,
      SIGN_IN_MAX_PER_IP_PER_15_MIN: String(SIGN_IN_PER_IP),
      SIGN_IN_MAX_PER_EMAIL: String(SIGN_IN_PER_ACCOUNT),
      REDIS_URL: redis.url,
    };
    first = await createTestApp({ env });
    second = await createTestApp({ env, database: first.database });
    apps = [first.app, second.app];
    const person = await createVerifiedUser(first.app, first.env.DATA_DIR, 'shared@example.com');
    authorization = `Bearer ${person.token}`;
    appClients = await countAppClients();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await redis?.stop();
  });

  it('the global per-address limit', async () => {
    const statuses = await alternate(apps, GLOBAL_PER_MINUTE + 2, (app) =>
      readCredits(app, '203.0.113.1'),
    );
    expect(statuses).toEqual(budget(GLOBAL_PER_MINUTE, GLOBAL_PER_MINUTE + 2));
  });

  it('the per-person generate limit, from any address', async () => {
    const statuses = await alternate(apps, GENERATE_PER_MINUTE + 2, (app, index) =>
      generate(app, authorization, `203.0.113.${10 + index}`),
    );
    expect(statuses).toEqual(budget(GENERATE_PER_MINUTE, GENERATE_PER_MINUTE + 2));
  });

  it('the sign-in attempts per address', async () => {
    const statuses = await alternate(apps, SIGN_IN_PER_IP + 2, (app, index) =>
      signIn(app, `guess${index}@example.com`, {
        password: 'wrong-password',
        remoteAddress: '198.51.100.9',
      }),
    );
    expect(statuses).toEqual(budget(SIGN_IN_PER_IP, SIGN_IN_PER_IP + 2));
  });

  it('the sign-in attempts per account, which spare the addresses it signed in from', async () => {
    // The owner's first sign-in, before the address was known, counted already.
    const left = SIGN_IN_PER_ACCOUNT - 1;
    const strangers = await alternate(apps, left + 2, (app, index) =>
      signIn(app, 'shared@example.com', {
        password: 'wrong-password',
        remoteAddress: `192.0.2.${10 + index}`,
      }),
    );
    expect(strangers).toEqual(budget(left, left + 2));
    // The owner signed up and in through the first process, from 127.0.0.1 (inject's default).
    expect((await signIn(second.app, 'shared@example.com')).statusCode).toBe(200);
  });

  it("better-auth's own limits (sign-ups per address) count in Redis", async () => {
    const statuses = await alternate(apps, SIGN_UP_PER_IP + 1, (app, index) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host },
        remoteAddress: '198.51.100.20',
        payload: {
          name: 'Signer',
          email: `signer${index}@example.com`,
          password: 'correct horse battery',
          ageConfirmed: true,
        },
      }),
    );
    expect(statuses).toEqual(budget(SIGN_UP_PER_IP, SIGN_UP_PER_IP + 1));
    // better-auth's memory store is one per Node process (both apps here), so the key is the proof.
    expect(await redisHasKey('auth:*198.51.100.20*')).toBe(true);
  });

  it('with Redis gone, every process still limits, counting alone', async () => {
    await redis.stop();
    // Each process now gives the full budget: twice the requests pass before the refusals.
    const statuses = await alternate(apps, 2 * GLOBAL_PER_MINUTE + 2, (app) =>
      readCredits(app, '203.0.113.99'),
    );
    expect(statuses).toEqual(budget(2 * GLOBAL_PER_MINUTE, 2 * GLOBAL_PER_MINUTE + 2));
    const signIns = await alternate(apps, 2 * SIGN_IN_PER_IP + 2, (app, index) =>
      signIn(app, `late${index}@example.com`, {
        password: 'wrong-password',
        remoteAddress: '198.51.100.99',
      }),
    );
    expect(signIns).toEqual(budget(2 * SIGN_IN_PER_IP, 2 * SIGN_IN_PER_IP + 2));
  });

  it('once Redis is back, the budget is shared again', async () => {
    redis = await startRedisServer({ port: redis.port });
    // The realtime adapter's connections too: closing them before they are back would wait.
    await waitFor(async () => (await countAppClients()) >= appClients, 10_000);
    // Each process is back on Redis once its own probe address appears there.
    for (const [index, app] of apps.entries()) {
      const probe = `203.0.113.${201 + index}`;
      await waitFor(async () => {
        await readCredits(app, probe);
        return redisHasKey(`http:${probe}`);
      }, 10_000);
    }
    const statuses = await alternate(apps, GLOBAL_PER_MINUTE + 2, (app) =>
      readCredits(app, '203.0.113.200'),
    );
    expect(statuses).toEqual(budget(GLOBAL_PER_MINUTE, GLOBAL_PER_MINUTE + 2));
  });
});

/** Without REDIS_URL each process counts in its own memory: N processes give N budgets. */
describe('rate limits without Redis', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ env: LIMITS_ENV });
    second = await createTestApp({ env: LIMITS_ENV, database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('are per process', async () => {
    const apps = [first.app, second.app];
    const statuses = await alternate(apps, 2 * GLOBAL_PER_MINUTE + 2, (app) =>
      readCredits(app, '203.0.113.1'),
    );
    expect(statuses).toEqual(budget(2 * GLOBAL_PER_MINUTE, 2 * GLOBAL_PER_MINUTE + 2));
  });
});
