import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompletedSource } from '../../../test/derive-fixtures';
import { giveCredits } from '../../../test/generation-worker-harness';
import { startLoraApp } from '../../../test/lora-fixtures';

/** Upscale ×4 has its own price: the catalog's `upscale4Cost`, else 2 credits (decision 083). */
describe('the price of an upscale ×4', () => {
  let setup: Awaited<ReturnType<typeof startLoraApp>>;
  beforeAll(async () => {
    setup = await startLoraApp();
  });
  afterAll(() => setup.ctx.close());

  it('is listed beside ×2’s where the engine offers ×4, and only there', async () => {
    const { call, free } = setup;
    const listed = listModelsResponseSchema.parse(
      (await call(free.token, 'GET', '/models')).json(),
    );
    const sdxl = listed.models.find((model) => model.id === 'sdxl');
    expect(sdxl).toMatchObject({
      capabilities: { upscale: [2, 4] },
      upscale_cost: 1,
      upscale_4_cost: 2,
    });
  });

  it('charges 2 credits for ×4 and 1 for ×2 by default, and nothing to premium people', async () => {
    const { call, ctx, free, premium, ledgerOf } = setup;
    await giveCredits(ctx.database.db, free.userId, 10);
    for (const [factor, charged] of [
      [2, 1],
      [4, 2],
    ] as const) {
      const source = await insertCompletedSource(ctx, free.userId, { model: 'sdxl' });
      const before = (await ledgerOf(free.userId)).balance ?? 0;
      const response = await call(free.token, 'POST', `/generations/${source.id}/upscale`, {
        factor,
      });
      expect(response.statusCode).toBe(200);
      expect((await ledgerOf(free.userId)).balance).toBe(before - charged);
    }
    const source = await insertCompletedSource(ctx, premium.userId, { model: 'sdxl' });
    const response = await call(premium.token, 'POST', `/generations/${source.id}/upscale`, {
      factor: 4,
    });
    expect(response.statusCode).toBe(200);
    expect((await ledgerOf(premium.userId)).balance).toBe(0);
  });
});
