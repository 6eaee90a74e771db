import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signIn } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { openTestDatabase } from '../../../test/open-test-database';
import {
  hasRedisServer,
  startRedisServer,
  type RedisServer,
} from '../../../test/start-redis-server';
import type { Database } from '../../db/database';

if (!hasRedisServer)
  console.warn('shared rate limits skipped: /usr/bin/redis-server is not installed');

/**
 * Two API processes (two apps on one database and one Redis, as split roles run them): a client
 * alternating between them gets the budget of one (decision 023).
 */
describe.runIf(hasRedisServer)('rate limits shared through Redis (REDIS_URL)', () => {
  let redis: RedisServer;
  let database: Database;
  let apps: [TestApp, TestApp];

  beforeAll(async () => {
    redis = await startRedisServer();
    database = await openTestDatabase();
    const open = () =>
      createTestApp({
        database,
        env: {
          REDIS_URL: redis.url,
          BETTER_AUTH_SECRET: 'shared-rate-limits-secret-of-32-chars-or-more',
        },
        rateLimits: { globalPerMinute: 40, signInPerIp: 3, dailyClaimPerPerson: 2 },
      });
    apps = [await open(), await open()];
  }, 60_000);
  afterAll(async () => {
    for (const ctx of apps ?? []) await ctx.close();
    await database?.close();
    await redis?.stop();
  });

  const app = (index: number) => apps[index % 2]!.app;

  it('counts sign-in attempts per address across processes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await signIn(app(attempt), 'nobody@example.com', {
        password: 'wrong',
        remoteAddress: '10.0.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3).every((status) => status === 401)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('counts per-person limits across processes', async () => {
    const person = await createVerifiedUser(apps[0].app, apps[0].env.DATA_DIR, 'pat@example.com');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await app(attempt).inject({
        method: 'POST',
        url: '/api/v1/credits/request-daily',
        headers: { authorization: `Bearer ${person.token}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(429);
    expect(statuses[2]).toBe(429);
  });

  it('counts the global per-address limit across processes', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 41; request += 1) {
      const response = await app(request).inject({
        method: 'GET',
        url: '/api/v1/credits',
        remoteAddress: '10.0.0.3',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([429]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('with Redis gone: requests still pass, and sign-in attempts are counted per process', async () => {
    await redis.stop();
    const unlimited = await app(0).inject({ method: 'GET', url: '/api/v1/credits' });
    expect(unlimited.statusCode).toBe(401);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await signIn(app(0), 'someone@example.com', {
        password: 'x',
        remoteAddress: '10.0.0.4',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
