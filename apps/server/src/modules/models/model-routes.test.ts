import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogApp } from '../../../test/model-catalog-fixtures';

describe('GET /api/v1/models', () => {
  let setup: Awaited<ReturnType<typeof startCatalogApp>>;
  beforeAll(async () => {
    // `detail` has no live worker.
    setup = await startCatalogApp({ live: ['turbo', 'studio'] });
  });
  afterAll(() => setup.ctx.close());

  const list = async (token: string) => {
    const response = await setup.call(token, 'GET', '/models');
    expect(response.statusCode).toBe(200);
    return listModelsResponseSchema.parse(response.json()).models;
  };

  it('lists the catalog in order for a free person, the free default marked', async () => {
    const models = await list(setup.free.token);
    expect(models.map((model) => model.id)).toEqual(['turbo', 'detail', 'studio']);
    expect(models).toEqual([
      {
        id: 'turbo',
        name: 'Turbo',
        description: 'Fast',
        tier: 'free',
        credit_cost: 1,
        available: true,
        unavailable_reason: null,
        is_default: true,
        is_preview: true,
        licence: null,
        ignored_options: ['negative_prompt'],
        // Its engine declares nothing beyond text-to-image; the costs are the default 1.
        capabilities: { variations: false, upscale: [], inpaint: false, withheld_reason: null },
        variation_cost: 1,
        upscale_cost: 1,
      },
      {
        id: 'detail',
        name: 'Detail',
        description: 'Slower, finer',
        tier: 'free',
        credit_cost: 2,
        available: false,
        unavailable_reason: 'no_worker',
        is_default: false,
        is_preview: false,
        licence: { name: 'CreativeML Open RAIL-M', url: null, commercial_use: true },
        ignored_options: [],
        capabilities: { variations: false, upscale: [], inpaint: false, withheld_reason: null },
        variation_cost: 2,
        upscale_cost: 3,
      },
      expect.objectContaining({
        id: 'studio',
        tier: 'premium',
        credit_cost: 3,
        available: true,
        is_default: false,
        ignored_options: ['negative_prompt', 'seed'],
      }),
    ]);
  });

  it('marks the premium model as the default of a premium person', async () => {
    const models = await list(setup.premium.token);
    expect(models.filter((model) => model.is_default).map((model) => model.id)).toEqual(['studio']);
  });

  it('is in the OpenAPI document and needs a bearer token', async () => {
    const anonymous = await setup.ctx.app.inject({ method: 'GET', url: '/api/v1/models' });
    expect(anonymous.statusCode).toBe(401);
    const document = await setup.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.json().paths['/api/v1/models'].get).toBeDefined();
  });
});
