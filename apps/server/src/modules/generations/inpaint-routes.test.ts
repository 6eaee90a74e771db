import { randomUUID } from 'node:crypto';
import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from './generations-tables';
import { findInpaintMask } from './repository/inpaint-masks';
import { MASK_MAX_SIDE } from './submitted-mask';
import { promptRefusals } from '../moderation/moderation-tables';
import { insertCompletedSource, startDeriveApp } from '../../../test/derive-fixtures';
import { maskDataUrl, maskPng, noisyMaskPng } from '../../../test/inpaint-fixtures';

/**
 * POST /generations/{id}/inpaint (issue 46): every check before any charge, the charge of a
 * variation, the stored row and mask, and the prompt typed for the region planned and screened
 * like any new prompt.
 */
describe('inpainting a region of a result', () => {
  let setup: Awaited<ReturnType<typeof startDeriveApp>>;
  let mask: string;
  beforeAll(async () => {
    setup = await startDeriveApp();
    mask = await maskDataUrl(64, 64);
    const save = async (url: string, body: object) => {
      const response = await setup.ctx.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${setup.bob.token}` },
        payload: body,
      });
      expect(response.statusCode).toBe(200);
    };
    // Innocent alone: each was screened (the description) or is harmless (a line) by itself.
    await save('/characters', { name: 'kid', description: 'a toddler' });
    await save('/wildcards', { name: 'pose', values: ['nude'] });
  });
  afterAll(() => setup.ctx.close());

  const db = () => setup.ctx.database.db;
  const rowsOf = (requestId: string) =>
    db().select().from(generations).where(eq(generations.requestId, requestId));
  const derivedFrom = (sourceId: string) =>
    db().select().from(generations).where(eq(generations.sourceGenerationId, sourceId));
  const balanceOf = async (userId: string) => (await setup.ledgerOf(userId)).balance;
  const refusalsOf = (userId: string) =>
    db().select().from(promptRefusals).where(eq(promptRefusals.userId, userId));

  it("queues an inpaint with the source's prompt and options, its mask kept, at the variation's price", async () => {
    const { ctx, alice, derive, read } = setup;
    const source = await insertCompletedSource(ctx, alice.userId, { model: 'pricey' });
    const before = await balanceOf(alice.userId);
    const response = await derive(alice.token, source.id, 'inpaint', { mask });
    expect(response.statusCode).toBe(200);
    const { requestId } = response.json<{ requestId: string }>();
    const [row] = await rowsOf(requestId);
    expect(row).toMatchObject({
      kind: 'inpaint',
      sourceGenerationId: source.id,
      inpaintStrength: 0.9,
      strength: null,
      upscaleFactor: null,
      model: 'pricey',
      contentPrompt: source.contentPrompt,
      negativePrompt: 'fog',
      quality: 'fast',
      imageCount: 1,
      status: 'queued',
    });
    expect(row?.seed).not.toBe(source.seed);
    const stored = await findInpaintMask(db(), row!.id);
    expect(stored?.equals(await maskPngOf(mask))).toBe(true);
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 2);
    expect(await read(alice.token, requestId)).toMatchObject({
      kind: 'inpaint',
      source_generation_id: source.id,
      strength: null,
      upscale_factor: null,
    });
  });

  it('takes a typed prompt and strength, and a mask of another size in plain base64', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const other = (await maskPng(200, 120)).toString('base64');
    const response = await derive(alice.token, source.id, 'inpaint', {
      mask: other,
      prompt: 'a red door',
      strength: 0.5,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(response.json<{ requestId: string }>().requestId);
    expect(row).toMatchObject({
      kind: 'inpaint',
      sourcePrompt: '',
      contentPrompt: 'a red door',
      expandedPrompt: null,
      inpaintStrength: 0.5,
      negativePrompt: 'fog',
    });
  });

  it('takes a mask larger than the app’s own body limit', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const large = (await noisyMaskPng(800)).toString('base64');
    expect(large.length).toBeGreaterThan(ctx.env.BODY_LIMIT_BYTES);
    const response = await derive(alice.token, source.id, 'inpaint', { mask: large });
    expect(response.statusCode).toBe(200);
  });

  it("answers 404 for another person's result or a missing one, charging nothing", async () => {
    const { ctx, alice, bob, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const before = await balanceOf(bob.userId);
    for (const id of [source.id, source.requestId, randomUUID()]) {
      const response = await derive(bob.token, id, 'inpaint', { mask });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect(await derivedFrom(source.id)).toEqual([]);
    expect(await balanceOf(bob.userId)).toBe(before);
  });

  it('refuses an expired source and a model that cannot inpaint, before the mask and any charge', async () => {
    const { ctx, alice, derive } = setup;
    const before = await balanceOf(alice.userId);
    const expired = await insertCompletedSource(ctx, alice.userId, { expired: true });
    const gone = await derive(alice.token, expired.id, 'inpaint', { mask: 'not a mask' });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ error: 'SOURCE_IMAGE_EXPIRED' });
    const plain = await insertCompletedSource(ctx, alice.userId, { model: 'plain' });
    const cannot = await derive(alice.token, plain.id, 'inpaint', { mask: 'not a mask' });
    expect(cannot.statusCode).toBe(422);
    expect(cannot.json()).toEqual({
      error: 'MODEL_CANNOT_INPAINT',
      message: PRODUCT_ERRORS.MODEL_CANNOT_INPAINT.message,
    });
    expect(await derivedFrom(expired.id)).toEqual([]);
    expect(await derivedFrom(plain.id)).toEqual([]);
    expect(await balanceOf(alice.userId)).toBe(before);
  });

  it('refuses a mask that is not base64, not a PNG, too large or marks nothing, before any charge', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const before = await balanceOf(alice.userId);
    const png = (await maskPng(64, 64)).toString('base64');
    const masks = {
      'not base64': `${png.slice(0, 40)}!${png.slice(41)}`,
      'base64 with a character skipped by lenient decoders': `${png.slice(0, 40)} ${png.slice(40)}`,
      'not a PNG': Buffer.from('GIF89a, not a PNG at all').toString('base64'),
      'all black': await maskDataUrl(64, 64, 'none'),
      'too large': (await maskPng(MASK_MAX_SIDE + 1, 1)).toString('base64'),
    };
    for (const [what, body] of Object.entries(masks)) {
      const response = await derive(alice.token, source.id, 'inpaint', { mask: body });
      expect({ what, status: response.statusCode, body: response.json() }).toEqual({
        what,
        status: 422,
        body: { error: 'MASK_INVALID', message: PRODUCT_ERRORS.MASK_INVALID.message },
      });
    }
    expect(await derivedFrom(source.id)).toEqual([]);
    expect(await balanceOf(alice.userId)).toBe(before);
  });

  it('refuses an empty mask, a too-long prompt and a strength out of range as validation errors', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const before = await balanceOf(alice.userId);
    for (const body of [
      { mask: '' },
      { mask, prompt: 'x'.repeat(CONTENT_PROMPT_MAX_LENGTH + 1) },
      { mask, strength: 0 },
      { mask, strength: 1.5 },
    ]) {
      const response = await derive(alice.token, source.id, 'inpaint', body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    expect(await derivedFrom(source.id)).toEqual([]);
    expect(await balanceOf(alice.userId)).toBe(before);
  });

  it('refuses a prohibited prompt for the region: recorded, nothing charged, no row', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const before = await balanceOf(alice.userId);
    const response = await derive(alice.token, source.id, 'inpaint', {
      mask,
      prompt: 'a nude child',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'CONTENT_POLICY_VIOLATION' });
    const refusals = await refusalsOf(alice.userId);
    expect(refusals.map((refusal) => refusal.contentPrompt)).toContain('a nude child');
    expect(await derivedFrom(source.id)).toEqual([]);
    expect(await balanceOf(alice.userId)).toBe(before);
  });

  it('refuses a prompt whose character and wildcard expand to a prohibited one, before any charge', async () => {
    const { ctx, bob, derive } = setup;
    const source = await insertCompletedSource(ctx, bob.userId);
    const before = await balanceOf(bob.userId);
    const response = await derive(bob.token, source.id, 'inpaint', {
      mask,
      prompt: '@kid, __pose__',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'CONTENT_POLICY_VIOLATION' });
    const refusals = await refusalsOf(bob.userId);
    expect(refusals.map((refusal) => refusal.contentPrompt)).toContain('a toddler, nude');
    const unknown = await derive(bob.token, source.id, 'inpaint', { mask, prompt: '@nobody' });
    expect(unknown.json()).toMatchObject({ error: 'UNKNOWN_CHARACTER' });
    expect(await derivedFrom(source.id)).toEqual([]);
    expect(await balanceOf(bob.userId)).toBe(before);
  });

  it("screens the source's own prompt again when none is typed, charging nothing", async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId, { prompt: 'n u d e  t33n' });
    const before = await balanceOf(alice.userId);
    const response = await derive(alice.token, source.id, 'inpaint', { mask });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'CONTENT_POLICY_VIOLATION' });
    expect(await derivedFrom(source.id)).toEqual([]);
    expect(await balanceOf(alice.userId)).toBe(before);
  });

  it('answers a repeated Idempotency-Key with the first request and charges once', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const before = await balanceOf(alice.userId);
    const headers = { 'idempotency-key': `inpaint-${randomUUID()}` };
    const first = await derive(alice.token, source.id, 'inpaint', { mask }, headers);
    const again = await derive(alice.token, source.id, 'inpaint', { mask }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 1);
    const other = await derive(alice.token, source.id, 'inpaint', { mask, strength: 0.3 }, headers);
    expect(other.statusCode).toBe(422);
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 1);
  });

  it('is free and served first for premium', async () => {
    const { ctx, pat, derive, ledgerOf } = setup;
    const source = await insertCompletedSource(ctx, pat.userId, { model: 'studio' });
    const response = await derive(pat.token, source.id, 'inpaint', { mask });
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(response.json<{ requestId: string }>().requestId);
    expect(row).toMatchObject({ priority: 1, model: 'studio', kind: 'inpaint' });
    expect((await ledgerOf(pat.userId)).entries).toEqual([]);
  });
});

/** The PNG bytes of a data URL mask. */
function maskPngOf(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
