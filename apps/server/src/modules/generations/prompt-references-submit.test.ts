import { findGenerationsResponseSchema } from '@nocturne/contract/generations/generation';
import { contentPolicyErrorSchema } from '@nocturne/contract/generations/content-policy';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations } from './generations-tables';
import { promptRefusals } from '../moderation/moderation-tables';
import { sharedWildcardLists } from '../wildcards/wildcards-tables';
import type { TestApp } from '../../../test/create-test-app';
import { giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import {
  emptyQueue,
  optionsHelpers,
  startOptionsApp,
  type Person,
} from '../../../test/generation-options-fixtures';

/**
 * `@name` and `__name__` in a submit (issue 46): expanded inside the plan, so the screened text,
 * the stored `expanded_prompt` and the engine's text are one.
 */
describe('characters and wildcards in a submit', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  const received: GenerateRequest[] = [];

  beforeAll(async () => {
    ({ ctx, alice, bob } = await startOptionsApp((_signal, request) => {
      received.push(request);
      return TINY_PNG;
    }));
    const save = async (who: Person, url: string, body: object) => {
      const response = await call('POST', url, who.token, body);
      expect(response.statusCode).toBe(200);
    };
    await save(alice, '/characters', { name: 'mira', description: 'a woman with silver hair' });
    await save(alice, '/wildcards', {
      name: 'place',
      values: ['a forest', 'a beach', 'a city', 'a desert'],
    });
    // Innocent alone: each was screened (the description) or is harmless (a line) by itself.
    await save(bob, '/characters', { name: 'kid', description: 'a toddler' });
    await save(bob, '/wildcards', { name: 'pose', values: ['smiling', 'asleep', 'nude'] });
    await ctx.database.db.insert(sharedWildcardLists).values([
      { name: 'place', values: ['a shared place'] },
      { name: 'weather', values: ['rain', 'snow'] },
    ]);
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await emptyQueue(ctx);
    received.length = 0;
  });

  const { call, generate, ledgerOf, rowsOf, runUntilDone } = optionsHelpers(() => ctx);
  const requestIdOf = (response: { json: () => unknown }) =>
    (response.json() as { requestId: string }).requestId;
  const refusalsOf = (who: Person) =>
    ctx.database.db.select().from(promptRefusals).where(eq(promptRefusals.userId, who.userId));

  it('puts the character’s description in: stored, rendered and shown in the history', async () => {
    await giveCredits(ctx.database.db, alice.userId, 1);
    const response = await generate(alice.token, { content_prompt: '@mira, portrait', seed: 3 });
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(requestIdOf(response));
    expect(row).toMatchObject({
      contentPrompt: '@mira, portrait',
      expandedPrompt: 'a woman with silver hair, portrait',
    });
    await runUntilDone(requestIdOf(response));
    expect(received.map((request) => request.prompt)).toEqual([
      'a woman with silver hair, portrait',
    ]);
    const history = findGenerationsResponseSchema.parse(
      (await call('GET', '/generations', alice.token)).json(),
    );
    expect(history.generations.find((image) => image.id === row!.id)?.expanded_prompt).toBe(
      'a woman with silver hair, portrait',
    );
  });

  it('gives a batch of 4 four lines of a list, by seed, and the same ones again from the seed', async () => {
    await giveCredits(ctx.database.db, alice.userId, 8);
    const body = { content_prompt: '@mira in __place__', seed: 8, image_count: 4 };
    const first = await rowsOf(requestIdOf(await generate(alice.token, body)));
    const expected = ['a forest', 'a beach', 'a city', 'a desert'].map(
      (place) => `a woman with silver hair in ${place}`,
    );
    expect(first.map((row) => row.expandedPrompt)).toEqual(expected);
    await emptyQueue(ctx);
    const again = await rowsOf(requestIdOf(await generate(alice.token, body)));
    expect(again.map((row) => row.expandedPrompt)).toEqual(expected);
  });

  it('picks from the person’s list over a shared one of the same name, and from shared ones', async () => {
    await giveCredits(ctx.database.db, alice.userId, 2);
    const response = await generate(alice.token, {
      content_prompt: '__place__ in __weather__',
      seed: 0,
      image_count: 2,
    });
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf(requestIdOf(response));
    // Seeds 0, 1: the first wildcard's digit changes fastest.
    expect(rows.map((row) => row.expandedPrompt)).toEqual(['a forest in rain', 'a beach in rain']);
  });

  it('refuses an unknown character or list with 422, naming it, before any screening or charge', async () => {
    await giveCredits(ctx.database.db, alice.userId, 2);
    const before = await ledgerOf(alice.userId);
    const character = await generate(alice.token, { content_prompt: '@mira meets @tom' });
    expect(character.statusCode).toBe(422);
    expect(character.json()).toEqual({
      error: 'UNKNOWN_CHARACTER',
      message:
        'Your prompt names @tom, but you have no character of that name. Nothing was charged.',
    });
    // Another person's character is unknown here too.
    const others = await generate(alice.token, { content_prompt: '@kid' });
    expect(others.json()).toMatchObject({ error: 'UNKNOWN_CHARACTER' });
    const wildcard = await generate(alice.token, { content_prompt: 'an owl in __nowhere__' });
    expect(wildcard.statusCode).toBe(422);
    expect(wildcard.json()).toEqual({
      error: 'UNKNOWN_WILDCARD',
      message:
        'Your prompt names __nowhere__, but there is no wildcard list of that name. Nothing was charged.',
    });
    expect(await ledgerOf(alice.userId)).toEqual(before);
    expect(await refusalsOf(alice)).toEqual([]);
  });

  it('refuses a character whose description is refused once in the prompt, before any charge', async () => {
    await giveCredits(ctx.database.db, bob.userId, 2);
    const before = await ledgerOf(bob.userId);
    const response = await generate(bob.token, { content_prompt: '@kid nude' });
    expect(response.statusCode).toBe(422);
    expect(contentPolicyErrorSchema.parse(response.json()).error).toBe('CONTENT_POLICY_VIOLATION');
    expect(await ledgerOf(bob.userId)).toEqual(before);
    const refusals = await refusalsOf(bob);
    expect(refusals.map((refusal) => refusal.contentPrompt)).toEqual(['a toddler nude']);
    expect(
      await ctx.database.db.select().from(generations).where(eq(generations.userId, bob.userId)),
    ).toEqual([]);
  });

  it('refuses the whole batch when one image’s seed picks a refused line, before any charge', async () => {
    await ctx.database.db.delete(promptRefusals).where(eq(promptRefusals.userId, bob.userId));
    await giveCredits(ctx.database.db, bob.userId, 2);
    const before = await ledgerOf(bob.userId);
    // Seeds 10, 11: image 1 gets "asleep", image 2 gets "nude".
    const response = await generate(bob.token, {
      content_prompt: 'a photo of @kid, __pose__',
      seed: 10,
      image_count: 2,
    });
    expect(response.statusCode).toBe(422);
    const body = contentPolicyErrorSchema.parse(response.json());
    expect(body.message).toMatch(/^The prompt of image 2 of 2: This prompt is not allowed/);
    expect(await ledgerOf(bob.userId)).toEqual(before);
    expect((await refusalsOf(bob)).map((refusal) => refusal.contentPrompt)).toEqual([
      'a photo of a toddler, nude',
    ]);
    expect(
      await ctx.database.db.select().from(generations).where(eq(generations.userId, bob.userId)),
    ).toEqual([]);
    expect(received).toEqual([]);
  });

  it('retries with the stored expansion, even once the character is gone', async () => {
    await giveCredits(ctx.database.db, alice.userId, 4);
    const created = await call('POST', '/characters', alice.token, {
      name: 'brief',
      description: 'a red fox',
    });
    const response = await generate(alice.token, { content_prompt: '@brief at dawn' });
    const [row] = await rowsOf(requestIdOf(response));
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/characters/${created.json().character.id}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    await ctx.database.db
      .update(generations)
      .set({ status: 'failed', error: 'engine failed', lockedBy: null, lockedUntil: null })
      .where(eq(generations.id, row!.id));
    const retried = await call('POST', `/generations/${row!.id}/retry`, alice.token, {});
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ expanded_prompt: 'a red fox at dawn' });
  });

  it('refuses an expansion longer than the engine takes, before any charge', async () => {
    await call('POST', '/characters', alice.token, { name: 'long', description: 'x'.repeat(500) });
    const response = await generate(alice.token, { content_prompt: '@long @long @long' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message:
        "content_prompt: image 1's prompt is longer than 1000 characters once its characters and wildcards are put in",
    });
  });
});
