import { findGenerationsResponseSchema } from '@nocturne/contract/generations/generation';
import { contentPolicyErrorSchema } from '@nocturne/contract/generations/content-policy';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations } from './generations-tables';
import { promptRefusals } from '../moderation/moderation-tables';
import type { TestApp } from '../../../test/create-test-app';
import { giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import {
  emptyQueue,
  optionsHelpers,
  startOptionsApp,
  type Person,
} from '../../../test/generation-options-fixtures';

/** `{a|b}` choices in a prompt: one option per image, by its seed, each screened. */
describe('prompt choices in a submit', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  const received: GenerateRequest[] = [];

  beforeAll(async () => {
    ({ ctx, alice, bob } = await startOptionsApp((_signal, request) => {
      received.push(request);
      return TINY_PNG;
    }));
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await emptyQueue(ctx);
    received.length = 0;
  });

  const { call, generate, ledgerOf, rowsOf, runUntilDone } = optionsHelpers(() => ctx);
  const PROMPT = 'a {red|blue|green} owl on a {branch|roof}';

  it('gives each image its own expansion, stores it, shows it and renders it', async () => {
    await giveCredits(ctx.database.db, alice.userId, 4);
    const response = await generate(alice.token, {
      content_prompt: PROMPT,
      seed: 6,
      image_count: 4,
    });
    expect(response.statusCode).toBe(200);
    const { requestId } = response.json<{ requestId: string }>();
    const rows = await rowsOf(requestId);
    // Seeds 6..9 are combinations 0..3 of the 6 (the first group changes fastest).
    const expected = [
      'a red owl on a branch',
      'a blue owl on a branch',
      'a green owl on a branch',
      'a red owl on a roof',
    ];
    expect(rows.map((row) => row.contentPrompt)).toEqual(Array(4).fill(PROMPT));
    expect(rows.map((row) => row.expandedPrompt)).toEqual(expected);

    await runUntilDone(requestId);
    expect(received.map((request) => request.prompt).sort()).toEqual([...expected].sort());
    const history = findGenerationsResponseSchema.parse(
      (await call('GET', '/generations', alice.token)).json(),
    );
    const entry = history.generations.filter((image) => image.request_id === requestId);
    expect(entry.map((image) => image.expanded_prompt)).toEqual(expected);
    const detail = await call('GET', `/generations/${rows[2]!.id}`, alice.token);
    expect(detail.json()).toMatchObject({ content_prompt: PROMPT, expanded_prompt: expected[2] });
    // A favorite keeps the prompt its image got.
    const saved = await call('POST', `/generations/${rows[1]!.id}/favorite`, alice.token, {});
    expect(saved.json().favorite.content_prompt).toBe(expected[1]);
  });

  it('reproduces the same prompts from the same seed (a remix)', async () => {
    await giveCredits(ctx.database.db, alice.userId, 4);
    const first = await generate(alice.token, { content_prompt: PROMPT, image_count: 2 });
    const firstRows = await rowsOf(first.json<{ requestId: string }>().requestId);
    const remix = await generate(alice.token, {
      content_prompt: PROMPT,
      image_count: 2,
      seed: firstRows[0]!.seed,
    });
    const remixRows = await rowsOf(remix.json<{ requestId: string }>().requestId);
    expect(remixRows.map((row) => row.expandedPrompt)).toEqual(
      firstRows.map((row) => row.expandedPrompt),
    );
    expect(new Set(firstRows.map((row) => row.expandedPrompt)).size).toBe(2);
  });

  it('stores no expansion for a prompt without choices, and keeps an escaped brace', async () => {
    await giveCredits(ctx.database.db, alice.userId, 2);
    const plain = await generate(alice.token, { content_prompt: 'an owl', image_count: 1 });
    const [plainRow] = await rowsOf(plain.json<{ requestId: string }>().requestId);
    expect(plainRow!.expandedPrompt).toBeNull();
    const escaped = await generate(alice.token, { content_prompt: 'an owl \\{x|y}' });
    const [escapedRow] = await rowsOf(escaped.json<{ requestId: string }>().requestId);
    expect(escapedRow!.expandedPrompt).toBeNull();
  });

  it('refuses the submit when one expansion breaks the rules, naming it, before any charge', async () => {
    await giveCredits(ctx.database.db, bob.userId, 4);
    const before = await ledgerOf(bob.userId);
    // Seeds 10, 11: image 1 gets "calm", image 2 gets "nude toddler".
    const response = await generate(bob.token, {
      content_prompt: 'a portrait, {calm|nude toddler}',
      seed: 10,
      image_count: 2,
    });
    expect(response.statusCode).toBe(422);
    const body = contentPolicyErrorSchema.parse(response.json());
    expect(body.message).toMatch(/^The prompt of image 2 of 2: This prompt is not allowed/);
    expect(await ledgerOf(bob.userId)).toEqual(before);
    const refusals = await ctx.database.db
      .select()
      .from(promptRefusals)
      .where(eq(promptRefusals.userId, bob.userId));
    expect(refusals.map((refusal) => refusal.contentPrompt)).toEqual(['a portrait, nude toddler']);
    const history = await call('GET', '/generations', bob.token);
    expect(history.json().generations).toEqual([]);
  });

  it('screens the prompt an image got, not the choices, when it is retried', async () => {
    await giveCredits(ctx.database.db, alice.userId, 4);
    // Seed 3 is "a calm owl"; the prompt as typed holds words the rules refuse together.
    const response = await generate(alice.token, {
      content_prompt: 'a {nude|calm} {toddler|owl}',
      seed: 3,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(response.json<{ requestId: string }>().requestId);
    expect(row!.expandedPrompt).toBe('a calm owl');
    await ctx.database.db
      .update(generations)
      .set({ status: 'failed', error: 'engine failed', lockedBy: null, lockedUntil: null })
      .where(eq(generations.id, row!.id));
    const retried = await call('POST', `/generations/${row!.id}/retry`, alice.token, {});
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', expanded_prompt: 'a calm owl' });
  });

  it('refuses malformed choices with 422 PROMPT_CHOICES_INVALID, naming the character, before any charge', async () => {
    await giveCredits(ctx.database.db, alice.userId, 2);
    const before = await ledgerOf(alice.userId);
    const nested = await generate(alice.token, { content_prompt: 'a {red|{blue|green}} owl' });
    expect(nested.statusCode).toBe(422);
    expect(nested.json()).toEqual({
      error: 'PROMPT_CHOICES_INVALID',
      message:
        'The choices in your prompt have a problem at character 8: a { opens inside another ' +
        'group, and groups cannot nest. Write \\{ for a literal brace.',
    });
    const unclosed = await generate(alice.token, { content_prompt: 'a {red|blue owl' });
    expect(unclosed.json()).toMatchObject({
      error: 'PROMPT_CHOICES_INVALID',
      message: expect.stringContaining('at character 3: this { has no closing }'),
    });
    expect(await ledgerOf(alice.userId)).toEqual(before);
    expect(received).toEqual([]);
  });

  it('refuses a choice that leaves an image without a prompt', async () => {
    const response = await generate(alice.token, { content_prompt: '{owl|}', seed: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: "content_prompt: the choices leave image 1's prompt empty",
    });
  });
});
