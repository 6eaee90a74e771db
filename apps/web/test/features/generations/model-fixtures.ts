import { http, HttpResponse } from 'msw';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { server } from '../../support/msw-server';

/** A catalog entry as GET /api/v1/models answers it: free, available, 1 credit, unless overridden. */
export function catalogModel(id: string, overrides: Partial<CatalogModel> = {}): CatalogModel {
  return {
    id,
    name: id.toUpperCase(),
    description: `The ${id} model.`,
    tier: 'free',
    credit_cost: 1,
    available: true,
    unavailable_reason: null,
    is_default: false,
    is_preview: false,
    licence: { name: 'Open licence', url: 'https://example.test/licence', commercial_use: true },
    ignored_options: [],
    capabilities: { variations: true, upscale: [2], inpaint: false, withheld_reason: null },
    variation_cost: 1,
    upscale_cost: 1,
    ...overrides,
  };
}

/** A catalog with a free default, a 3-credit free model and a premium one. */
export const CATALOG: CatalogModel[] = [
  catalogModel('turbo', { name: 'Turbo', is_default: true }),
  catalogModel('detail', { name: 'Detail', credit_cost: 3 }),
  catalogModel('studio', { name: 'Studio XL', tier: 'premium', credit_cost: 2 }),
];

/** GET /api/v1/models answers `models`; returns how many times it was asked. */
export function serveModels(models: CatalogModel[] = CATALOG) {
  const calls = { count: 0 };
  server.use(
    http.get('*/api/v1/models', () => {
      calls.count += 1;
      return HttpResponse.json({ models });
    }),
  );
  return calls;
}
