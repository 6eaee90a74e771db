import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { giveCredits } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { insertCompletedSource } from '../../../test/derive-fixtures';

/** Every quality at one step: a model distilled for one step, as SDXS is. */
const ONE_STEP = { fast: { steps: 1 }, balanced: { steps: 1 }, best: { steps: 1 } };
const comfy = (id: string, extra: Partial<CatalogEntry> = {}): CatalogEntry => ({
  id,
  name: id,
  description: '',
  backend: 'comfyui',
  tier: 'free',
  creditCost: 1,
  url: 'http://127.0.0.1:9',
  checkpoint: `${id}.safetensors`,
  ...extra,
});

/**
 * What each model offers to do with its results (item 4 of issue 43): the engines are the real
 * ComfyUI backends the catalog opens (no server is asked), so a one-step model is known from its
 * steps alone.
 */
describe('capabilities per model', () => {
  let ctx: TestApp;
  let person: { token: string; userId: string };
  beforeAll(async () => {
    ctx = await createTestApp({
      catalog: {
        models: [
          {
            id: 'preview',
            name: 'Preview',
            description: '',
            backend: 'preview',
            tier: 'free',
            creditCost: 0,
          },
          comfy('sdxs', { quality: ONE_STEP }),
          comfy('sdxs-offered', { quality: ONE_STEP, offers: { variations: true, upscale: true } }),
          comfy('turbo', {
            quality: { fast: { steps: 1 }, balanced: { steps: 2 }, best: { steps: 4 } },
          }),
          comfy('no-upscale', { offers: { upscale: false } }),
        ],
      },
    });
    person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'capable@example.test');
    await giveCredits(ctx.database.db, person.userId, 10);
  });
  afterAll(() => ctx.close());

  const models = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/models',
      headers: { authorization: `Bearer ${person.token}` },
    });
    const listed = listModelsResponseSchema.parse(response.json()).models;
    return Object.fromEntries(listed.map((model) => [model.id, model]));
  };

  it('a one-step model offers no Vary or Upscale, and says why', async () => {
    const { sdxs, turbo } = await models();
    expect(sdxs?.capabilities).toEqual({
      variations: false,
      upscale: [],
      inpaint: false,
      withheld_reason: 'one_step',
    });
    expect(turbo?.capabilities).toEqual({
      variations: true,
      upscale: [2, 4],
      inpaint: true,
      withheld_reason: null,
    });
  });

  it('offers them where the operator turns them on, and withholds what it turns off', async () => {
    const listed = await models();
    expect(listed['sdxs-offered']?.capabilities).toEqual({
      variations: true,
      upscale: [2, 4],
      inpaint: true,
      withheld_reason: null,
    });
    expect(listed['no-upscale']?.capabilities).toEqual({
      variations: true,
      upscale: [],
      inpaint: true,
      withheld_reason: null,
    });
  });

  it('refuses a variation or an upscale of a one-step image before anything is charged', async () => {
    const source = await insertCompletedSource(ctx, person.userId, { model: 'sdxs' });
    const before = await readCreditLedger(ctx.database.db, person.userId);
    for (const [action, payload, code] of [
      ['variations', { strength: 'subtle' }, 'MODEL_CANNOT_VARY'],
      ['upscale', { factor: 2 }, 'UPSCALE_FACTOR_UNAVAILABLE'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/generations/${source.id}/${action}`,
        headers: { authorization: `Bearer ${person.token}` },
        payload,
      });
      expect(response.json()).toMatchObject({ error: code });
    }
    expect(await readCreditLedger(ctx.database.db, person.userId)).toEqual(before);
  });

  it('refuses an inpaint of a one-step image before its mask is read or anything is charged', async () => {
    const source = await insertCompletedSource(ctx, person.userId, { model: 'sdxs' });
    const before = await readCreditLedger(ctx.database.db, person.userId);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/generations/${source.id}/inpaint`,
      headers: { authorization: `Bearer ${person.token}` },
      payload: { mask: 'not read' },
    });
    expect(response.json()).toMatchObject({ error: 'MODEL_CANNOT_INPAINT' });
    expect(await readCreditLedger(ctx.database.db, person.userId)).toEqual(before);
  });

  it("makes the preview model's variations and upscales free like its images", async () => {
    const { preview, turbo } = await models();
    expect(preview).toMatchObject({ credit_cost: 0, variation_cost: 0, upscale_cost: 0 });
    expect(turbo).toMatchObject({ credit_cost: 1, variation_cost: 1, upscale_cost: 1 });
  });
});
