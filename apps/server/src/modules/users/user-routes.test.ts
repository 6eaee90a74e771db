import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { profileSchema } from '@nocturne/contract/users/get-profile';
import { DEFAULT_PREFERENCES, preferencesSchema } from '@nocturne/contract/users/preferences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { creditAccounts, creditTransactions } from '../credits/credits-tables';
import { favorites, generations } from '../generations/generations-tables';
import { TEST_MODEL_ID } from '../../../test/test-models';

describe('profile and preferences (/api/v1/profile, /api/v1/user/preferences)', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000' } });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });

  it.each([
    ['GET', '/profile'],
    ['PUT', '/profile'],
    ['GET', '/user/preferences'],
    ['PUT', '/user/preferences'],
  ] as const)('%s %s without a token is 401', async (method, url) => {
    const response = await call(method, url, undefined, method === 'PUT' ? {} : undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHORIZED');
  });

  it('answers a new user with no username and zero stats', async () => {
    const response = await call('GET', '/profile', alice.token);
    expect(response.statusCode).toBe(200);
    const profile = profileSchema.parse(response.json());
    expect(profile).toMatchObject({
      name: 'Test User',
      username: null,
      email: 'alice@example.com',
      emailVerified: true,
      twoFactorEnabled: false,
      stats: {
        totalGenerations: 0,
        completedGenerations: 0,
        failedGenerations: 0,
        cancelledGenerations: 0,
        totalFavorites: 0,
        creditsUsed: 0,
      },
    });
    expect(profile.stats.joinDate).toBe(profile.joinDate);
    expect(Date.now() - Date.parse(profile.joinDate)).toBeLessThan(60_000);
  });

  it('computes the stats from generations, favorites and the ledger, only for the caller', async () => {
    const db = ctx.database.db;
    const statuses = ['completed', 'completed', 'completed', 'failed', 'queued', 'failed'] as const;
    const rows = await db
      .insert(generations)
      .values(
        statuses.map((status, index) => ({
          requestId: `stats-${index}`,
          userId: alice.userId,
          status,
          contentPrompt: `prompt ${index}`,
          model: TEST_MODEL_ID,
          // The last one was cancelled: counted apart from the failure.
          error: index === 5 ? CANCELLED_REASON : status === 'failed' ? 'backend down' : null,
        })),
      )
      .returning({ id: generations.id });
    await db.insert(generations).values({
      requestId: 'stats-bob',
      userId: bob.userId,
      status: 'completed',
      contentPrompt: 'not alice',
      model: TEST_MODEL_ID,
    });
    await db.insert(favorites).values(
      [0, 1].map((index) => ({
        userId: alice.userId,
        generationId: rows[index]?.id,
        sourcePrompt: '',
        contentPrompt: `prompt ${index}`,
        imagePath: `fav-${index}.png`,
      })),
    );
    await db.insert(creditAccounts).values({ userId: alice.userId, balance: 7 });
    const ledger = [
      [10, 'daily_grant'],
      [-1, 'generation'],
      [-1, 'generation'],
      [-1, 'generation'],
      [-1, 'generation'],
      [1, 'refund'],
    ] as const;
    await db.insert(creditTransactions).values(
      ledger.map(([amount, reason], index) => ({
        userId: alice.userId,
        amount,
        reason,
        idempotencyKey: `stats-${index}`,
      })),
    );

    const profile = profileSchema.parse((await call('GET', '/profile', alice.token)).json());
    expect(profile.stats).toMatchObject({
      totalGenerations: 6,
      completedGenerations: 3,
      failedGenerations: 1,
      cancelledGenerations: 1,
      totalFavorites: 2,
      creditsUsed: 3,
    });
    const other = profileSchema.parse((await call('GET', '/profile', bob.token)).json());
    expect(other.stats).toMatchObject({ totalGenerations: 1, totalFavorites: 0, creditsUsed: 0 });
    expect(other.email).toBe('bob@example.com');
  });

  it('changes the name and username and answers the profile', async () => {
    const response = await call('PUT', '/profile', alice.token, {
      name: '  Alice Night ',
      username: 'Night_Owl-1',
    });
    expect(response.statusCode).toBe(200);
    expect(profileSchema.parse(response.json())).toMatchObject({
      name: 'Alice Night',
      username: 'Night_Owl-1',
    });
    const onlyName = await call('PUT', '/profile', alice.token, { name: 'Alice' });
    expect(onlyName.json()).toMatchObject({ name: 'Alice', username: 'Night_Owl-1' });
  });

  it('refuses a username taken by someone else in any letter case with 409', async () => {
    const response = await call('PUT', '/profile', bob.token, { username: 'night_owl-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'ALREADY_EXISTS',
      message: 'This username is already taken.',
    });
    // The owner may change the letter case of their own.
    const own = await call('PUT', '/profile', alice.token, { username: 'NIGHT_OWL-1' });
    expect(own.statusCode).toBe(200);
  });

  it.each([
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be less than 20 characters'],
    ['no spaces', 'Username can only contain letters, numbers, underscores, and hyphens'],
  ])('refuses username %j with 422 and the spec message', async (username, message) => {
    const response = await call('PUT', '/profile', bob.token, { username });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message });
  });

  it('answers the default preferences when none were saved', async () => {
    const response = await call('GET', '/user/preferences', bob.token);
    expect(response.statusCode).toBe(200);
    expect(preferencesSchema.parse(response.json())).toEqual(DEFAULT_PREFERENCES);
  });

  it('merges partial updates and keeps them per user', async () => {
    const first = await call('PUT', '/user/preferences', alice.token, { blurThumbnails: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULT_PREFERENCES, blurThumbnails: true });
    const second = await call('PUT', '/user/preferences', alice.token, {
      emailNotices: { exportReady: false },
    });
    expect(second.json()).toEqual({
      ...DEFAULT_PREFERENCES,
      blurThumbnails: true,
      emailNotices: { subscriptionRenewal: true, exportReady: false },
    });
    expect((await call('GET', '/user/preferences', alice.token)).json()).toEqual(second.json());
    expect((await call('GET', '/user/preferences', bob.token)).json()).toEqual(DEFAULT_PREFERENCES);
  });

  it.each([{ blurThumbnails: 'yes' }, { unknownSetting: true }, { emailNotices: { sms: true } }])(
    'refuses preferences %j with 422',
    async (payload) => {
      const response = await call('PUT', '/user/preferences', alice.token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe('VALIDATION_ERROR');
    },
  );
});
