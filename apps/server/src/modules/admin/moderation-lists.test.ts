import { testModerationResponseSchema } from '@nocturne/contract/admin/admin-moderation-lists';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/create-test-app';
import { waitFor } from '../../../test/generation-worker-harness';
import { adminAudit } from '../admin-audit/admin-audit-tables';
import { promptRefusals } from '../moderation/moderation-tables';
import {
  moderationAdminHelpers,
  startModerationAdminApps,
  type Person,
} from '../../../test/moderation-admin-fixtures';

describe('operators’ blocked terms and names, and the tester (/api/v1/admin)', () => {
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

  const { call, generate, lastAudit } = moderationAdminHelpers(() => ({ first, second }));
  const tester = async (prompt: string, on: 'first' | 'second' = 'first') => {
    const response = await call('POST', '/admin/moderation/test', operator, { prompt }, on);
    expect(response.statusCode).toBe(200);
    return testModerationResponseSchema.parse(response.json());
  };
  const rowCount = async (table: typeof promptRefusals | typeof adminAudit) =>
    (await first.database.db.select({ n: count() }).from(table))[0]?.n;

  it.each([
    ['GET', '/admin/blocked-terms'],
    ['POST', '/admin/blocked-terms'],
    ['DELETE', '/admin/blocked-terms/00000000-0000-4000-8000-000000000000'],
    ['GET', '/admin/blocked-names'],
    ['POST', '/admin/blocked-names'],
    ['DELETE', '/admin/blocked-names/00000000-0000-4000-8000-000000000000'],
  ] as const)('answers 403 OPERATOR_ONLY to anyone else: %s %s', async (method, url) => {
    const response = await call(method, url, alice, method === 'POST' ? {} : undefined);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'OPERATOR_ONLY' });
  });

  it('the tester names the rule, the words and their lists, and records nothing', async () => {
    const [refusalsBefore, auditBefore] = [
      await rowCount(promptRefusals),
      await rowCount(adminAudit),
    ];
    expect(await tester('a nude teen')).toEqual({
      allowed: false,
      rule: 'sexualised_minor',
      matched: [
        { term: 'teen', list: 'shipped' },
        { term: 'nude', list: 'shipped' },
      ],
      allowedPhrases: [],
    });
    for (let index = 0; index < 8; index += 1) await tester('sexy schoolgirl');
    expect(await tester('a moonlit owl')).toEqual({
      allowed: true,
      rule: null,
      matched: [],
      allowedPhrases: [],
    });
    expect(await rowCount(promptRefusals)).toBe(refusalsBefore);
    expect(await rowCount(adminAudit)).toBe(auditBefore);
  });

  it('an operator term refuses at once in a second process, audited, and its removal lifts it', async () => {
    const prompt = 'a zorblax in a garden';
    expect((await generate(alice, prompt, 'second')).statusCode).toBe(200);
    const added = await call('POST', '/admin/blocked-terms', operator, {
      term: 'Zorblax',
      rule: 'inherent',
      language: 'en',
    });
    expect(added.statusCode).toBe(201);
    const term = added.json<{ id: string; term: string; rule: string }>();
    expect(term).toMatchObject({ term: 'Zorblax', rule: 'inherent' });
    expect(await lastAudit()).toMatchObject({
      action: 'blocked_term_add',
      after: { term: 'Zorblax', rule: 'inherent', language: 'en' },
    });
    await waitFor(async () => !(await tester(prompt, 'second')).allowed, 3_000);
    const refused = await generate(alice, 'a zorb1ax in a garden', 'second');
    expect(refused.statusCode).toBe(422);
    expect(await tester(prompt, 'second')).toMatchObject({
      rule: 'sexualised_minor',
      matched: [{ term: 'Zorblax', list: 'operator_term' }],
    });
    const again = await call('POST', '/admin/blocked-terms', operator, {
      term: 'Zorblax',
      rule: 'inherent',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'MODERATION_ENTRY_EXISTS' });

    const removed = await call('DELETE', `/admin/blocked-terms/${term.id}`, operator);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true });
    expect(await lastAudit()).toMatchObject({ action: 'blocked_term_remove', after: null });
    await waitFor(async () => (await tester(prompt, 'second')).allowed, 3_000);
  });

  it('an operator name is matched with its misspellings, sexual prompts only', async () => {
    const added = await call('POST', '/admin/blocked-names', operator, {
      name: 'Quentin Zabrowski',
    });
    expect(added.statusCode).toBe(201);
    expect(await lastAudit()).toMatchObject({
      action: 'blocked_name_add',
      after: { name: 'Quentin Zabrowski' },
    });
    const listed = await call('GET', '/admin/blocked-names', operator);
    expect(listed.json()).toEqual({
      names: [expect.objectContaining({ name: 'Quentin Zabrowski' })],
    });
    await waitFor(async () => !(await tester('quentin zabrowsky, nude', 'second')).allowed, 3_000);
    expect(await tester('Quentin Zabrowski nude', 'second')).toMatchObject({
      rule: 'sexualised_real_person',
      matched: [
        { term: 'Quentin Zabrowski', list: 'operator_name' },
        { term: 'nude', list: 'shipped' },
      ],
    });
    expect((await generate(bob, 'quentin zabrowski, naked', 'second')).statusCode).toBe(422);
    expect((await generate(bob, 'quentin zabrowski reading a book')).statusCode).toBe(200);
  });
});
