import {
  EXPORT_DATA_FILE,
  exportDataSchema,
} from '@nocturne/contract/account-data/export-user-data';
import { getAdminRefusalsResponseSchema } from '@nocturne/contract/admin/admin-refusals';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/create-test-app';
import { waitFor } from '../../../test/generation-worker-harness';
import { readOutbox } from '../../../test/read-outbox';
import { readZip } from '../../../test/read-zip';
import {
  moderationAdminHelpers,
  startModerationAdminApps,
  type Person,
} from '../../../test/moderation-admin-fixtures';

const GLOVES = 'nude woman in kid gloves, studio light';

describe('the refusals queue and its review (/api/v1/admin/refusals, allowed phrases)', () => {
  let first: TestApp;
  let second: TestApp;
  let operator: Person;
  let alice: Person;
  let bob: Person;

  // Two app processes and three sign-ups: more than the default hook time on a busy machine.
  beforeAll(async () => {
    ({ first, second, operator, alice, bob } = await startModerationAdminApps());
  }, 90_000);
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const { call, generate, refusalsOf, lastAudit } = moderationAdminHelpers(() => ({
    first,
    second,
  }));

  it.each([
    ['GET', '/admin/refusals'],
    ['POST', '/admin/refusals/00000000-0000-4000-8000-000000000000/confirm'],
    ['POST', '/admin/refusals/00000000-0000-4000-8000-000000000000/false-positive'],
    ['GET', '/admin/allowed-phrases'],
    ['DELETE', '/admin/allowed-phrases/00000000-0000-4000-8000-000000000000'],
    ['POST', '/admin/moderation/test'],
  ] as const)('answers 403 OPERATOR_ONLY to anyone else: %s %s', async (method, url) => {
    const response = await call(method, url, alice, method === 'GET' ? undefined : {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'OPERATOR_ONLY' });
  });

  it('lists a refusal with its rule, words and the person’s history', async () => {
    expect((await generate(bob, 'sexy teen')).statusCode).toBe(422);
    expect((await generate(alice, GLOVES)).statusCode).toBe(422);
    const response = await call('GET', '/admin/refusals?status=open&limit=1', operator);
    expect(response.statusCode).toBe(200);
    const page = getAdminRefusalsResponseSchema.parse(response.json());
    expect(page.total).toBe(2);
    expect(page.refusals).toEqual([
      expect.objectContaining({
        userId: alice.userId,
        email: 'alice@example.com',
        languages: ['en'],
        contentPrompt: GLOVES,
        rule: 'sexualised_minor',
        matchedTerms: ['kid', 'nude'],
        status: 'open',
        history: expect.objectContaining({ count: 1, suspendedUntil: null }),
      }),
    ]);
    expect(page.refusals[0]?.history.last.map((entry) => entry.matchedTerms)).toEqual([
      ['kid', 'nude'],
    ]);
  });

  it('refuses an allowed phrase that is not in the prompt, exempts nothing or is refused alone', async () => {
    const [refusal] = await refusalsOf(alice);
    for (const phrase of ['kid gloves, a teen', 'gloves', 'nude woman in kid']) {
      const response = await call(
        'POST',
        `/admin/refusals/${refusal?.id}/false-positive`,
        operator,
        {
          reason: 'leather gloves',
          phrase,
        },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: 'ALLOWED_PHRASE_INVALID',
        message: PRODUCT_ERRORS.ALLOWED_PHRASE_INVALID.message,
      });
    }
    expect((await refusalsOf(alice))[0]?.status).toBe('open');
  });

  it('a false positive lets the same prompt through in every process, a prohibited variant still not', async () => {
    const [refusal] = await refusalsOf(alice);
    const response = await call('POST', `/admin/refusals/${refusal?.id}/false-positive`, operator, {
      reason: 'kid gloves are leather gloves',
      phrase: 'Kid Gloves',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ refusal: { status: 'false_positive' } });
    expect(await lastAudit()).toMatchObject({
      action: 'refusal_false_positive',
      targetUserId: alice.userId,
      reason: 'kid gloves are leather gloves',
      before: { refusalId: refusal?.id, status: 'open' },
      after: { status: 'false_positive', allowedPhrase: 'kid gloves' },
    });
    expect((await generate(alice, GLOVES)).statusCode).toBe(200);
    await waitFor(async () => (await generate(alice, GLOVES, 'second')).statusCode === 200, 3_000);
    for (const variant of [`${GLOVES}, a kid beside her`, 'nude kid, gloves', 'nude k1d gloves']) {
      expect((await generate(alice, variant, 'second')).statusCode).toBe(422);
    }
    const again = await call('POST', `/admin/refusals/${refusal?.id}/confirm`, operator, {
      reason: 'second look',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'REFUSAL_ALREADY_REVIEWED' });
  });

  it('confirms a refusal, audited, and leaves the rules as they were', async () => {
    const [refusal] = await refusalsOf(bob);
    const response = await call('POST', `/admin/refusals/${refusal?.id}/confirm`, operator, {
      reason: 'clearly a minor',
    });
    expect(response.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'refusal_confirm',
      targetUserId: bob.userId,
      after: { status: 'confirmed', allowedPhrase: null },
    });
    const confirmed = await call('GET', '/admin/refusals?status=confirmed', operator);
    expect(getAdminRefusalsResponseSchema.parse(confirmed.json()).refusals).toEqual([
      expect.objectContaining({ id: refusal?.id, reviewReason: 'clearly a minor' }),
    ]);
    // bob's export carries the review, not the operator who made it.
    const exported = await call('GET', '/user/export', bob);
    expect(exported.statusCode).toBe(200);
    const files = await readZip(exported.rawPayload);
    const data = exportDataSchema.parse(JSON.parse(files.get(EXPORT_DATA_FILE)!.toString('utf8')));
    expect(data.prompt_refusals).toEqual([
      expect.objectContaining({ status: 'confirmed', review_reason: 'clearly a minor' }),
    ]);
    expect(data.prompt_refusals[0]).not.toHaveProperty('reviewed_by');
    await expect
      .poll(async () => (await readOutbox(first.env.DATA_DIR, 'bob@example.com')).length)
      .toBe(2);
  });

  it('removing an allowed phrase refuses the prompt again, audited, in every process', async () => {
    const listed = await call('GET', '/admin/allowed-phrases', operator);
    const [phrase] = listed.json<{ phrases: Array<{ id: string; phrase: string }> }>().phrases;
    expect(phrase?.phrase).toBe('kid gloves');
    const removed = await call('DELETE', `/admin/allowed-phrases/${phrase?.id}`, operator);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true });
    expect(await lastAudit()).toMatchObject({
      action: 'allowed_phrase_remove',
      before: { phrase: 'kid gloves' },
    });
    // alice is suspended by now (her refusals above); bob's prompt reads the rules.
    expect((await generate(bob, GLOVES)).statusCode).toBe(422);
    const testOnSecond = async () =>
      (await call('POST', '/admin/moderation/test', operator, { prompt: GLOVES }, 'second')).json<{
        allowed: boolean;
      }>().allowed;
    await waitFor(async () => (await testOnSecond()) === false, 3_000);
    expect((await generate(bob, GLOVES, 'second')).statusCode).toBe(422);
    const gone = await call('DELETE', `/admin/allowed-phrases/${phrase?.id}`, operator);
    expect(gone.statusCode).toBe(404);
  });

  it('shows a person’s whole count, the latest five refusals and a running suspension', async () => {
    // alice has 4 refusals above; two more pause her generation.
    expect((await generate(alice, 'sexy teen, first')).statusCode).toBe(422);
    expect((await generate(alice, 'sexy teen, second')).statusCode).toBe(403);
    const response = await call('GET', '/admin/refusals?status=open&limit=100', operator);
    const page = getAdminRefusalsResponseSchema.parse(response.json());
    const newest = page.refusals.find((refusal) => refusal.contentPrompt === 'sexy teen, second');
    expect(newest?.history.count).toBe(6);
    expect(newest?.history.last).toHaveLength(5);
    expect(newest?.history.last[0]?.id).toBe(newest?.id);
    expect(Date.parse(newest?.history.suspendedUntil ?? '')).toBeGreaterThan(Date.now());
  });

  it('shows an operator’s suspension as a hold, and no pause once the operator restored them', async () => {
    const historyOfAlice = async () => {
      const response = await call('GET', '/admin/refusals?status=open&limit=100', operator);
      const page = getAdminRefusalsResponseSchema.parse(response.json());
      return page.refusals.find((refusal) => refusal.userId === alice.userId)?.history;
    };
    const hold = (suspended: boolean) =>
      call('PUT', `/admin/users/${alice.userId}/generation`, operator, {
        suspended,
        reason: 'refusals review',
      });
    expect((await hold(true)).statusCode).toBe(200);
    expect(await historyOfAlice()).toMatchObject({ heldByOperator: true });
    // The restore lifts the running pause too: the refusals before it stop counting.
    expect((await hold(false)).statusCode).toBe(200);
    expect(await historyOfAlice()).toMatchObject({ heldByOperator: false, suspendedUntil: null });
    expect((await generate(alice, 'a lighthouse at dusk')).statusCode).toBe(200);
  });
});
