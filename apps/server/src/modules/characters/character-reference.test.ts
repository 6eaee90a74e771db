import { characterResponseSchema } from '@nocturne/contract/characters/create-character';
import { findCharactersResponseSchema } from '@nocturne/contract/characters/find-characters';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { TEXT_TO_IMAGE_ONLY, type GenerateRequest } from '@nocturne/imagegen/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { insertCompletedSource } from '../../../test/derive-fixtures';
import { emptyQueue, optionsHelpers, type Person } from '../../../test/generation-options-fixtures';
import { fakeEngine, giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';

/** A fake engine recording what it is asked, following a reference image when `follows`. */
function recordingEngine(received: GenerateRequest[], follows: () => boolean): ImageGenerator {
  const engine = fakeEngine((_signal, request) => {
    received.push(request);
    return TINY_PNG;
  });
  return {
    ...engine,
    describe: () => ({
      ...engine.describe(),
      capabilities: { ...TEXT_TO_IMAGE_ONLY, characterReference: follows() },
    }),
  };
}

/**
 * A character's reference image (issue 46): one of the person's own kept results, refused
 * otherwise before anything is saved, cleared when that image is deleted, and handed to an engine
 * that follows references with each image whose prompt names the character.
 */
describe("a character's reference image", () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  let follows = true;
  const received: GenerateRequest[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: recordingEngine(received, () => follows) });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    await emptyQueue(ctx);
    received.length = 0;
    follows = true;
  });

  const { call, generate, rowsOf, runUntilDone } = optionsHelpers(() => ctx);
  const put = (who: Person, id: string, body: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/characters/${id}`,
      headers: { authorization: `Bearer ${who.token}` },
      payload: body,
    });
  const remove = (who: Person, id: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/generations/${id}`,
      headers: { authorization: `Bearer ${who.token}` },
    });
  const listOf = async (who: Person) =>
    findCharactersResponseSchema.parse((await call('GET', '/characters', who.token)).json())
      .characters;
  const source = (who: Person, options?: { expired?: boolean }) =>
    insertCompletedSource(ctx, who.userId, { model: 'test', ...options });

  it('is set from one of the person’s own results, shown with its thumbnail, and removed', async () => {
    const image = await source(alice);
    const created = await call('POST', '/characters', alice.token, {
      name: 'hero',
      description: 'a knight in red',
      reference_generation_id: image.id,
    });
    expect(created.statusCode).toBe(200);
    const { character } = characterResponseSchema.parse(created.json());
    expect(character.reference_generation_id).toBe(image.id);
    expect(character.reference_image_url).toMatch(/^\/images\/.+\.png/);
    expect((await listOf(alice)).find((one) => one.id === character.id)).toMatchObject({
      reference_generation_id: image.id,
    });

    const removed = await put(alice, character.id, { reference_generation_id: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().character).toMatchObject({
      reference_generation_id: null,
      reference_image_url: null,
      description: 'a knight in red',
    });
    const set = await put(alice, character.id, { reference_generation_id: image.id });
    expect(set.json().character.reference_generation_id).toBe(image.id);
  });

  it('refuses another person’s image, a missing one and one without a kept image, saving nothing', async () => {
    const theirs = await source(bob);
    const expired = await source(alice, { expired: true });
    const before = await listOf(alice);
    const attempt = (reference: string) =>
      call('POST', '/characters', alice.token, {
        name: 'other_hero',
        description: 'a knight in blue',
        reference_generation_id: reference,
      });
    const another = await attempt(theirs.id);
    expect(another.statusCode).toBe(404);
    expect(another.json()).toMatchObject({
      error: 'CHARACTER_REFERENCE_NOT_FOUND',
      message: PRODUCT_ERRORS.CHARACTER_REFERENCE_NOT_FOUND.message,
    });
    const missing = await attempt('00000000-0000-4000-8000-000000000000');
    expect(missing.json()).toMatchObject({ error: 'CHARACTER_REFERENCE_NOT_FOUND' });
    const gone = await attempt(expired.id);
    expect(gone.statusCode).toBe(422);
    expect(gone.json()).toMatchObject({ error: 'CHARACTER_REFERENCE_NOT_READY' });
    expect(await listOf(alice)).toEqual(before);
  });

  it('is cleared when its image is deleted', async () => {
    const image = await source(alice);
    const created = await call('POST', '/characters', alice.token, {
      name: 'fleeting',
      description: 'a knight in grey',
      reference_generation_id: image.id,
    });
    const { character } = characterResponseSchema.parse(created.json());
    expect((await remove(alice, image.id)).statusCode).toBe(200);
    expect((await listOf(alice)).find((one) => one.id === character.id)).toMatchObject({
      reference_generation_id: null,
      reference_image_url: null,
    });
  });

  it('goes with each image whose prompt names the character, to an engine that follows it', async () => {
    const image = await source(alice);
    const png = await ctx.app.images.read(image.resultPath!);
    await call('POST', '/characters', alice.token, { name: 'plain', description: 'a farmer' });
    await call('POST', '/characters', alice.token, {
      name: 'knight',
      description: 'a knight in gold',
      reference_generation_id: image.id,
    });
    await giveCredits(ctx.database.db, alice.userId, 4);
    // The first character named that holds a reference gives it; the text is unchanged by it.
    const response = await generate(alice.token, {
      content_prompt: '@plain meets @knight',
      image_count: 2,
    });
    expect(response.statusCode).toBe(200);
    const requestId = (response.json() as { requestId: string }).requestId;
    const rows = await rowsOf(requestId);
    expect(rows.map((row) => row.referenceGenerationId)).toEqual([image.id, image.id]);
    await runUntilDone(requestId);
    expect(received.map((request) => request.prompt)).toEqual([
      'a farmer meets a knight in gold',
      'a farmer meets a knight in gold',
    ]);
    expect(received.map((request) => request.referencePng)).toEqual([png, png]);

    // An engine that follows no reference is not handed one; nor is a prompt without characters.
    received.length = 0;
    follows = false;
    const ignored = await generate(alice.token, { content_prompt: '@knight at dawn' });
    await runUntilDone((ignored.json() as { requestId: string }).requestId);
    follows = true;
    const plain = await generate(alice.token, { content_prompt: 'a knight at dawn' });
    const plainId = (plain.json() as { requestId: string }).requestId;
    expect((await rowsOf(plainId))[0]?.referenceGenerationId).toBeNull();
    await runUntilDone(plainId);
    expect(received.map((request) => request.referencePng)).toEqual([undefined, undefined]);
  });
});
