import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import {
  findGenerationsResponseSchema,
  generationSchema,
} from '@nocturne/contract/generations/generation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import type { TestApp } from '../../../test/create-test-app';
import { giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import {
  generationsHelpers,
  startGenerationsApp,
  type Person,
} from '../../../test/generation-routes-fixtures';

/**
 * Submitting, listing, the signed image links and favorites; saving expired results, retry and
 * delete are in generation-expiry-retry-delete.test.
 */
describe('generations API', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    ({ ctx, alice, bob } = await startGenerationsApp(() => false));
  });
  afterAll(() => ctx.close());

  const { call, generate, balanceOf, rowsOf, runQueue } = generationsHelpers(() => ctx);

  it('validates the prompt (422 naming the field)', async () => {
    for (const prompt of ['   ', 'x'.repeat(CONTENT_PROMPT_MAX_LENGTH + 1)]) {
      const response = await generate(alice.token, prompt);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
      expect(response.json<{ message: string }>().message).toContain('content_prompt');
    }
    expect(await rowsOf(alice.userId)).toHaveLength(0);
  });

  it('refuses prompts against the content policy before spending anything', async () => {
    const response = await generate(alice.token, 'a nude teen');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'CONTENT_POLICY_VIOLATION',
      message:
        'This prompt is not allowed by our content rules: sexual content involving a minor ("teen", "nude").',
      refusals_before_suspension: 4,
    });
    expect(await balanceOf(alice.userId)).toBe(5);
    expect(await rowsOf(alice.userId)).toHaveLength(0);
  });

  it('answers 402 and creates nothing when the user is short of credits', async () => {
    const response = await generate(bob.token, 'an owl');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: 'INSUFFICIENT_CREDITS' });
    expect(await rowsOf(bob.userId)).toHaveLength(0);
  });

  it('answers a retried submit with the same Idempotency-Key once, charging once', async () => {
    const headers = { 'idempotency-key': 'submit-1' };
    const first = await generate(alice.token, 'an owl', headers);
    const second = await generate(alice.token, 'an owl', headers);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(alice.userId)).toBe(4);
    expect(await rowsOf(alice.userId)).toHaveLength(1);
    await runQueue();
  });

  it('concurrent twins under one Idempotency-Key make one submit, charged once (1 and 2 images)', async () => {
    const carol = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'carol@example.com');
    await giveCredits(ctx.database.db, carol.userId, 5);
    for (const imageCount of [1, 2]) {
      const headers = { 'idempotency-key': `twins-${imageCount}` };
      const body = { source_prompt: '', content_prompt: 'an owl', image_count: imageCount };
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => call('POST', '/generate', carol.token, body, headers)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    }
    expect(await rowsOf(carol.userId)).toHaveLength(3);
    expect(await balanceOf(carol.userId)).toBe(2);
    await runQueue();
  });

  it('lists, gets by id or request id, and hides other users’ generations (404)', async () => {
    const list = await call('GET', '/generations?limit=5', alice.token);
    expect(list.statusCode).toBe(200);
    const body = findGenerationsResponseSchema.parse(list.json());
    expect(body.total).toBe(1);
    const [item] = body.generations;
    expect(item).toMatchObject({
      status: 'completed',
      content_prompt: 'an owl',
      is_favorite: false,
    });
    expect(item?.result_image_url).toMatch(
      /^\/images\/[0-9a-f]{2}\/[0-9a-f]{64}\.png\?expires=\d+&signature=[\w-]+$/,
    );

    for (const id of [item?.id, item?.request_id]) {
      const one = await call('GET', `/generations/${id}`, alice.token);
      expect(generationSchema.parse(one.json()).id).toBe(item?.id);
      expect((await call('GET', `/generations/${id}`, bob.token)).statusCode).toBe(404);
      expect((await call('DELETE', `/generations/${id}`, bob.token)).statusCode).toBe(404);
    }
    expect((await call('GET', '/generations/not-a-generation', alice.token)).statusCode).toBe(404);
    expect((await call('GET', '/generations', bob.token)).json()).toEqual({
      generations: [],
      total: 0,
    });
    const filtered = await call('GET', '/generations?status=failed', alice.token);
    expect(filtered.json()).toMatchObject({ total: 0 });
    expect((await call('GET', '/generations?limit=101', alice.token)).statusCode).toBe(422);
  });

  it('serves the result image only by its signed, expiring link (private), no listing', async () => {
    const [item] = findGenerationsResponseSchema.parse(
      (await call('GET', '/generations', alice.token)).json(),
    ).generations;
    const url = item?.result_image_url ?? '';
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);

    const [path, query] = url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    // No signature, another file's signature, a longer life, an expired link: all refused.
    const otherPath = path.replace(/[0-9a-f]{64}/, 'f'.repeat(64));
    const later = new URLSearchParams({
      expires: String(Number(params.get('expires')) + 86_400),
      signature: params.get('signature') ?? '',
    });
    for (const refused of [path, `${otherPath}?${query}`, `${path}?${later.toString()}`]) {
      expect((await ctx.app.inject({ method: 'GET', url: refused })).statusCode).toBe(403);
    }
    const expired = `${path}?expires=${Math.floor(Date.now() / 1000) - 1}&signature=x`;
    expect((await ctx.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    // A validly signed link to a file that is gone: 404.
    const gone = ctx.app.images.urlFor(otherPath.slice('/images/'.length));
    expect((await ctx.app.inject({ method: 'GET', url: gone })).statusCode).toBe(404);

    const shard = url.slice(0, '/images/ab/'.length);
    for (const listing of ['/images/', shard, '/images/../db']) {
      const response = await ctx.app.inject({ method: 'GET', url: listing });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain(path.slice(-20));
    }
  });

  it('saves a favorite once (409 on the second save), lists it and removes it', async () => {
    const [item] = findGenerationsResponseSchema.parse(
      (await call('GET', '/generations', alice.token)).json(),
    ).generations;
    const id = item?.request_id ?? '';
    const saved = await call('POST', `/generations/${id}/favorite`, alice.token, {
      result_base64: TINY_PNG.toString('base64'),
    });
    expect(saved.statusCode).toBe(200);
    const favoriteUrl = saved.json<{ favorite: { result_image_url: string } }>().favorite
      .result_image_url;
    expect(favoriteUrl).not.toBe(item?.result_image_url);
    expect((await call('POST', `/generations/${id}/favorite`, alice.token, {})).statusCode).toBe(
      409,
    );
    expect((await call('POST', `/generations/${id}/favorite`, bob.token, {})).statusCode).toBe(404);
    // No body at all is as good as an empty one (it reaches validation as null).
    expect((await call('POST', `/generations/${id}/favorite`, bob.token)).statusCode).toBe(404);
    expect((await call('GET', `/generations/${id}`, alice.token)).json()).toMatchObject({
      is_favorite: true,
    });
    const gallery = await call('GET', '/favorites?limit=10', alice.token);
    expect(gallery.json()).toMatchObject({ total: 1, favorites: [{ content_prompt: 'an owl' }] });
    expect((await ctx.app.inject({ method: 'GET', url: favoriteUrl })).statusCode).toBe(200);

    expect((await call('DELETE', `/generations/${id}/favorite`, alice.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/generations/${id}/favorite`, alice.token)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: favoriteUrl })).statusCode).toBe(404);
  });

  it('refuses a base64 that is not an image (422)', async () => {
    const [item] = findGenerationsResponseSchema.parse(
      (await call('GET', '/generations', alice.token)).json(),
    ).generations;
    const response = await call('POST', `/generations/${item?.id}/favorite`, alice.token, {
      result_base64: 'not base64!',
    });
    expect(response.statusCode).toBe(422);
  });
});
