import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from './generation-worker-harness';
import { readCreditLedger, setPremium } from './read-credit-ledger';

/** Three models: the free default, a dearer free one with a licence, and a premium one. */
export const THREE_MODELS: ModelCatalog = {
  models: [
    {
      id: 'turbo',
      name: 'Turbo',
      description: 'Fast',
      backend: 'preview',
      tier: 'free',
      creditCost: 1,
    },
    {
      id: 'detail',
      name: 'Detail',
      description: 'Slower, finer',
      backend: 'a1111',
      url: 'http://127.0.0.1:9',
      checkpoint: 'detail.safetensors',
      tier: 'free',
      creditCost: 2,
      variationCost: 2,
      upscaleCost: 3,
      licence: { name: 'CreativeML Open RAIL-M', commercialUse: true },
      quality: { balanced: { steps: 20, cfg: 7 } },
    },
    {
      id: 'studio',
      name: 'Studio',
      description: 'Premium',
      backend: 'openai',
      url: 'http://127.0.0.1:9/v1',
      model: 'gpt-image-1',
      tier: 'premium',
      creditCost: 3,
    },
  ],
};

/** An engine body that fails while `failing()` is true, else answers a tiny PNG. */
export function failingWhile(failing: () => boolean) {
  return () => {
    if (failing()) throw new Error('the GPU server is down');
    return TINY_PNG;
  };
}

/** A fake engine that describes itself as a GPU server (not the preview). */
export function gpuEngine(generate: Parameters<typeof fakeEngine>[0]): ImageGenerator {
  const engine = fakeEngine(generate);
  const description = { backend: 'a1111', configured: 'a1111', model: 'fake', isPreview: false };
  return { ...engine, describe: () => description } as ImageGenerator;
}

/**
 * The real app on THREE_MODELS, every model on one fake engine unless `engines` says otherwise;
 * `live` models have a worker heartbeat. `free` has 10 credits, `premium` a plan and none.
 */
export async function startCatalogApp(
  options: { live?: string[]; engines?: ReadonlyMap<string, ImageGenerator> } = {},
) {
  const ctx: TestApp = await createTestApp({
    catalog: THREE_MODELS,
    liveModels: options.live,
    imageEngine: options.engines ? undefined : gpuEngine(() => TINY_PNG),
    imageEngines: options.engines,
  });
  const free = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'free@example.test');
  const premium = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'premium@example.test');
  await giveCredits(ctx.database.db, free.userId, 10);
  await giveCredits(ctx.database.db, premium.userId, 0);
  await setPremium(ctx.database.db, premium.userId, true);
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const ledgerOf = (userId: string) => readCreditLedger(ctx.database.db, userId);
  return { ctx, free, premium, call, ledgerOf };
}
