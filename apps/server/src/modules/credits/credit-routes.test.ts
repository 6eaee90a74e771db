import { DAILY_CREDITS, DAILY_CREDITS_COOLDOWN_MS } from '@nocturne/contract/constants';
import {
  CREDIT_HISTORY_MAX_LIMIT,
  getCreditHistoryResponseSchema,
} from '@nocturne/contract/credits/get-credit-history';
import { getCreditsResponseSchema } from '@nocturne/contract/credits/get-credits';
import {
  cooldownActiveErrorSchema,
  requestDailyCreditsResponseSchema,
} from '@nocturne/contract/credits/request-daily-credits';
import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import { channels } from '@nocturne/contract/realtime/channels';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import { debitCredits } from './debit-credits';
import { grantCredits } from './grant-credits';
import { ignoreEvents } from '../../../test/collect-events';

const errorBody = (code: ErrorCode) => ({ error: code, message: ERROR_CATALOGUE[code].message });

describe('credits API (/api/v1/credits)', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };

  beforeAll(async () => {
    // Room for the 20 concurrent claims below (the per-person claim limit would answer 429 first).
    ctx = await createTestApp({
      rateLimits: { globalPerMinute: 10_000, dailyClaimPerPerson: 100 },
    });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.restoreAllMocks());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    token: string | undefined,
    extra: { payload?: string; headers?: Record<string, string> } = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra.headers },
      payload: extra.payload,
    });

  it.each([
    ['GET', '/credits'],
    ['GET', '/credits/history'],
    ['POST', '/credits/request-daily'],
  ] as const)('%s %s without a token is 401 UNAUTHORIZED', async (method, url) => {
    const response = await call(method, url, undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('UNAUTHORIZED'));
  });

  it('answers 404 NOT_FOUND for a new user, who has no credit record yet', async () => {
    const response = await call('GET', '/credits', alice.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('NOT_FOUND'));
    expect((await readCreditLedger(ctx.database.db, alice.userId)).balance).toBeNull();
  });

  it('grants 10 daily credits on the first claim, answers the state and publishes it', async () => {
    const publish = vi.spyOn(ctx.app.realtime, 'publish');
    const before = Date.now();
    const response = await call('POST', '/credits/request-daily', alice.token);
    expect(response.statusCode).toBe(200);
    const state = requestDailyCreditsResponseSchema.parse(response.json());
    expect(state).toMatchObject({
      balance: DAILY_CREDITS,
      user_type: 'standard',
      is_premium: false,
      can_request_credits: false,
    });
    const nextEligibleAt = Date.parse(state.next_eligible_at ?? '');
    expect(nextEligibleAt).toBeGreaterThanOrEqual(before + DAILY_CREDITS_COOLDOWN_MS);
    expect(nextEligibleAt).toBeLessThanOrEqual(Date.now() + DAILY_CREDITS_COOLDOWN_MS);
    expect(publish).toHaveBeenCalledExactlyOnceWith({
      channel: channels.credits(alice.userId),
      event: 'credit_updated',
      payload: { balance: DAILY_CREDITS },
    });

    const read = await call('GET', '/credits', alice.token);
    expect(read.statusCode).toBe(200);
    expect(getCreditsResponseSchema.parse(read.json())).toEqual(state);
  });

  it('refuses a claim while credits remain: 409 CREDITS_NOT_EXHAUSTED, nothing published', async () => {
    const publish = vi.spyOn(ctx.app.realtime, 'publish');
    const response = await call('POST', '/credits/request-daily', alice.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody('CREDITS_NOT_EXHAUSTED'));
    expect(publish).not.toHaveBeenCalled();
  });

  it('refuses a claim at 0 within 24 h: 429 COOLDOWN_ACTIVE with Retry-After and next_eligible_at', async () => {
    await debitCredits({
      events: ignoreEvents,
      tx: ctx.database.db,
      userId: alice.userId,
      amount: DAILY_CREDITS,
      generationId: `${alice.userId}:drain`,
    });
    const state = (await call('GET', '/credits', alice.token)).json();
    expect(state).toMatchObject({ balance: 0, can_request_credits: false });
    expect(state.next_eligible_at).toEqual(expect.any(String));

    const response = await call('POST', '/credits/request-daily', alice.token);
    expect(response.statusCode).toBe(429);
    const body = cooldownActiveErrorSchema.parse(response.json());
    expect(body).toEqual({
      ...errorBody('COOLDOWN_ACTIVE'),
      next_eligible_at: state.next_eligible_at,
    });
    const retryAfter = Number(response.headers['retry-after']);
    const expected = Math.ceil((Date.parse(body.next_eligible_at) - Date.now()) / 1000);
    expect(retryAfter).toBeGreaterThan(DAILY_CREDITS_COOLDOWN_MS / 1000 - 60);
    expect(Math.abs(retryAfter - expected)).toBeLessThanOrEqual(2);
  });

  it('refuses premium users: 403 PREMIUM_USER_NO_DAILY_CREDITS', async () => {
    // Bob claims with an explicit `{}` body, then becomes premium (set directly: nothing else
    // grants it).
    const first = await call('POST', '/credits/request-daily', bob.token, {
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(first.statusCode).toBe(200);
    await setPremium(ctx.database.db, bob.userId, true);
    const response = await call('POST', '/credits/request-daily', bob.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(errorBody('PREMIUM_USER_NO_DAILY_CREDITS'));
    expect((await call('GET', '/credits', bob.token)).json()).toMatchObject({
      balance: DAILY_CREDITS,
      is_premium: true,
      can_request_credits: false,
    });
  });

  it('accepts an empty JSON body and keeps the grant when publishing fails (logged)', async () => {
    const carol = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'carol@example.com');
    vi.spyOn(ctx.app.realtime, 'publish').mockImplementation(() => {
      throw new Error('socket layer down');
    });
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const response = await call('POST', '/credits/request-daily', carol.token, {
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ balance: DAILY_CREDITS });
    const ledger = await readCreditLedger(ctx.database.db, carol.userId);
    expect(ledger).toMatchObject({ balance: DAILY_CREDITS, ledgerSum: DAILY_CREDITS });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        err: expect.objectContaining({ message: 'socket layer down' }),
        event: 'credit_updated',
        channel: channels.credits(carol.userId),
      }),
      'realtime publish failed',
    );
  });

  it('grants once when 20 first claims arrive at the same time', async () => {
    const dave = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'dave@example.com');
    const publish = vi.spyOn(ctx.app.realtime, 'publish');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/credits/request-daily', dave.token)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    expect(publish).toHaveBeenCalledTimes(1);
    const ledger = await readCreditLedger(ctx.database.db, dave.userId);
    expect(ledger).toMatchObject({ balance: DAILY_CREDITS, ledgerSum: DAILY_CREDITS });
    expect(ledger.entries).toHaveLength(1);
  });

  it('documents the credit routes in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/credits',
        '/api/v1/credits/history',
        '/api/v1/credits/request-daily',
      ]),
    );
  });

  describe('GET /credits/history', () => {
    const ENTRIES = 25;
    beforeAll(async () => {
      // Alice so far: +10 daily grant, -10 debit. Add grants of 1..12 and 11 debits of 1.
      const db = ctx.database.db;
      for (let index = 1; index <= 12; index += 1) {
        await grantCredits({
          events: ignoreEvents,
          tx: db,
          userId: alice.userId,
          amount: index,
          reason: 'adjustment',
          idempotencyKey: `history:${alice.userId}:${index}`,
        });
      }
      for (let index = 1; index <= 11; index += 1) {
        await debitCredits({
          events: ignoreEvents,
          tx: db,
          userId: alice.userId,
          generationId: `${alice.userId}:h${index}`,
        });
      }
    });

    const history = async (query: string, token = alice.token) => {
      const response = await call('GET', `/credits/history${query}`, token);
      expect(response.statusCode).toBe(200);
      return getCreditHistoryResponseSchema.parse(response.json());
    };

    it('pages newest first by default, 20 per page, with the total', async () => {
      const first = await history('');
      const second = await history('?offset=20');
      expect(first.total).toBe(ENTRIES);
      expect(first.history).toHaveLength(20);
      expect(second.history).toHaveLength(ENTRIES - 20);
      const all = [...first.history, ...second.history];
      expect(new Set(all.map((entry) => entry.id)).size).toBe(ENTRIES);
      const times = all.map((entry) => Date.parse(entry.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(all.at(-1)).toMatchObject({ amount: DAILY_CREDITS, reason: 'daily_grant' });
      expect(all[0]).toMatchObject({
        amount: -1,
        reason: 'generation',
        generation_id: `${alice.userId}:h11`,
      });
      expect(all.reduce((sum, entry) => sum + entry.amount, 0)).toBe(
        (await readCreditLedger(ctx.database.db, alice.userId)).balance,
      );
    });

    it('orders by amount in either direction and honours limit and offset', async () => {
      const ascending = await history('?orderBy=amount&orderDirection=asc&limit=100');
      const amounts = ascending.history.map((entry) => entry.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      expect(amounts[0]).toBe(-DAILY_CREDITS);
      const top = await history('?orderBy=amount&orderDirection=desc&limit=3&offset=1');
      expect(top.history.map((entry) => entry.amount)).toEqual([11, 10, 10]);
      const oldest = await history('?orderDirection=asc&limit=1');
      expect(oldest.history[0]?.reason).toBe('daily_grant');
    });

    it("shows only the caller's own entries", async () => {
      const own = await history('', bob.token);
      expect(own.total).toBe(1);
      expect(own.history[0]).toMatchObject({ amount: DAILY_CREDITS, reason: 'daily_grant' });
    });

    it.each([
      ['limit=0', 'limit'],
      [`limit=${CREDIT_HISTORY_MAX_LIMIT + 1}`, 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['orderBy=prompt', 'orderBy'],
      ['orderDirection=up', 'orderDirection'],
    ])('refuses %s with 422 VALIDATION_ERROR naming %s', async (query, field) => {
      const response = await call('GET', `/credits/history?${query}`, alice.token);
      expect(response.statusCode).toBe(422);
      const body = response.json<{ error: string; message: string }>();
      expect(body.error).toBe('VALIDATION_ERROR');
      expect(body.message).toContain(field);
    });
  });
});
