import { DAILY_CREDITS, DAILY_CREDITS_COOLDOWN_MS } from '@nocturne/contract/constants';
import { getCreditsResponseSchema } from '@nocturne/contract/credits/get-credits';
import {
  cooldownActiveErrorSchema,
  requestDailyCreditsResponseSchema,
} from '@nocturne/contract/credits/request-daily-credits';
import { channels } from '@nocturne/contract/realtime/channels';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import type { TestApp } from '../../../test/create-test-app';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import { debitCredits } from './debit-credits';
import { ignoreEvents } from '../../../test/collect-events';
import { creditsCall, errorBody, startCreditsApp } from '../../../test/credit-routes-fixtures';

/** Reading the balance and claiming the daily credits; the history is in credit-history-routes.test. */
describe('credits API (/api/v1/credits)', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };

  beforeAll(async () => {
    ({ ctx, alice, bob } = await startCreditsApp());
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.restoreAllMocks());

  const call = creditsCall(() => ctx);

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
});
