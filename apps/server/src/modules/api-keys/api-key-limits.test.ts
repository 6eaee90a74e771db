import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { giveCredits } from '../../../test/generation-worker-harness';

const PER_MINUTE = 4;
const GENERATE_PER_PERSON = 2;

/**
 * Rate limits of requests made with keys. The people and keys are made through a first app with
 * room to spare; the requests go to a second app on the same database with tight limits, each
 * from an address of its own, so the per-address limit never decides.
 */
describe('rate limits of API keys', () => {
  let setup: TestApp;
  let limited: TestApp;
  let addresses = 0;

  beforeAll(async () => {
    setup = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000' } });
    limited = await createTestApp({
      database: setup.database,
      env: {
        RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
        GENERATE_MAX_PER_USER_PER_MINUTE: String(GENERATE_PER_PERSON),
      },
    });
  });
  afterAll(async () => {
    await limited.close();
    await setup.close();
  });

  const personWithKeys = async (email: string, keys: number) => {
    const person = await createVerifiedUser(setup.app, setup.env.DATA_DIR, email);
    const made: string[] = [];
    for (let index = 0; index < keys; index += 1) {
      const response = await setup.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { authorization: `Bearer ${person.token}` },
        payload: { name: `key ${index}` },
      });
      made.push(response.json().key as string);
    }
    return { ...person, keys: made };
  };
  const callFromNewAddress = (
    bearer: string,
    method: 'GET' | 'POST',
    url: string,
    body?: object,
  ) => {
    addresses += 1;
    return limited.app.inject({
      method,
      url: `/api/v1${url}`,
      remoteAddress: `10.0.${Math.floor(addresses / 250)}.${addresses % 250}`,
      headers: { authorization: `Bearer ${bearer}` },
      ...(body && { payload: body }),
    });
  };

  it('counts each key’s requests across addresses', async () => {
    const nina = await personWithKeys('nina@example.com', 2);
    const [first, second] = nina.keys as [string, string];
    for (let index = 0; index < PER_MINUTE; index += 1) {
      expect((await callFromNewAddress(first, 'GET', '/models')).statusCode).toBe(200);
    }
    const over = await callFromNewAddress(first, 'GET', '/models');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same person has a budget of its own.
    expect((await callFromNewAddress(second, 'GET', '/models')).statusCode).toBe(200);
  });

  it('counts a key’s submits toward its person’s limits, with their session’s', async () => {
    const omar = await personWithKeys('omar@example.com', 2);
    await giveCredits(setup.database.db, omar.userId, 10);
    const submit = (bearer: string) =>
      callFromNewAddress(bearer, 'POST', '/generate', { content_prompt: 'a moonlit owl' });
    expect((await submit(omar.keys[0]!)).statusCode).toBe(200);
    expect((await submit(omar.keys[1]!)).statusCode).toBe(200);
    const bySession = await submit(omar.token);
    expect(bySession.statusCode).toBe(429);
    expect((await submit(omar.keys[0]!)).statusCode).toBe(429);
  });
});
