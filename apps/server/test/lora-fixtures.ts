import type {
  ImageGenerator,
  ImageGeneratorDescription,
} from '@nocturne/imagegen/create-image-generator';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from './generation-worker-harness';
import { readCreditLedger, setPremium } from './read-credit-ledger';

/**
 * `turbo` (the free default, no LoRAs) and `sdxl` on ComfyUI at 2 credits with three LoRAs: `ink`
 * (trigger words "ink sketch", "cross-hatching"), `child` (trigger word "toddler": with a nude
 * prompt the rules refuse it) and the premium `gilded`.
 */
export const LORA_MODELS: ModelCatalog = {
  models: [
    {
      id: 'turbo',
      name: 'Turbo',
      description: '',
      backend: 'preview',
      tier: 'free',
      creditCost: 1,
    },
    {
      id: 'sdxl',
      name: 'SDXL',
      description: '',
      backend: 'comfyui',
      url: 'http://127.0.0.1:9',
      checkpoint: 'sdxl.safetensors',
      tier: 'free',
      creditCost: 2,
      loras: [
        {
          id: 'ink',
          name: 'Ink sketch',
          file: 'ink_sketch_v2.safetensors',
          defaultWeight: 0.8,
          triggerWords: ['ink sketch', 'cross-hatching'],
          tier: 'free',
        },
        {
          id: 'child',
          name: 'Child style',
          file: 'kid.safetensors',
          defaultWeight: 1,
          triggerWords: ['toddler'],
          tier: 'free',
        },
        {
          id: 'gilded',
          name: 'Gilded',
          file: 'gilded.safetensors',
          defaultWeight: 1,
          tier: 'premium',
        },
      ],
    },
  ],
};

/**
 * The real app on LORA_MODELS, every model on one fake engine that records what it is asked;
 * `free` has 10 credits, `premium` a plan and none.
 */
export async function startLoraApp() {
  const received: GenerateRequest[] = [];
  const recording = fakeEngine((_signal, request) => {
    received.push(request);
    return TINY_PNG;
  });
  const description: ImageGeneratorDescription = {
    backend: 'comfyui',
    configured: 'comfyui',
    model: 'fake',
    isPreview: false,
    capabilities: {
      imageToImage: true,
      upscaleFactors: [2, 4],
      livePreview: false,
      inpaint: false,
    },
  };
  const engine: ImageGenerator = { ...recording, describe: () => description };
  const ctx: TestApp = await createTestApp({ catalog: LORA_MODELS, imageEngine: engine });
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
  return { ctx, free, premium, call, ledgerOf, received };
}
