import { randomInt, randomUUID } from 'node:crypto';
import { encodePng } from '@nocturne/imagegen/png/encode-png';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { TEXT_TO_IMAGE_ONLY, type BackendCapabilities } from '@nocturne/imagegen/types';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import { engineDescribedAs, giveCredits } from './generation-worker-harness';
import { readCreditLedger, setPremium } from './read-credit-ledger';
import { generations } from '../src/modules/generations/generations-tables';

/**
 * Models for the variation, upscale and inpaint routes: `turbo` (the default, 1 credit each),
 * `pricey` (variation and inpaint 2, upscale 3), `plain` (text-to-image only) and the premium
 * `studio`.
 */
export const DERIVE_MODELS: ModelCatalog = {
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
      id: 'pricey',
      name: 'Pricey',
      description: '',
      backend: 'preview',
      tier: 'free',
      creditCost: 1,
      variationCost: 2,
      upscaleCost: 3,
    },
    {
      id: 'plain',
      name: 'Plain',
      description: '',
      backend: 'preview',
      tier: 'free',
      creditCost: 1,
    },
    {
      id: 'studio',
      name: 'Studio',
      description: '',
      backend: 'preview',
      tier: 'premium',
      creditCost: 2,
    },
  ],
};

/** A fake engine declaring `capabilities`, answering a tiny PNG. */
export function engineThatCan(capabilities: BackendCapabilities): ImageGenerator {
  return engineDescribedAs({
    backend: 'onnx',
    configured: 'onnx',
    model: 'fake',
    isPreview: false,
    capabilities,
  });
}

const CAN_ALL: BackendCapabilities = {
  imageToImage: true,
  upscaleFactors: [2],
  livePreview: false,
  inpaint: true,
};

/** The real app on DERIVE_MODELS; `alice` has 10 credits, `bob` 10, `pat` premium and none. */
export async function startDeriveApp() {
  const engines = new Map([
    ['turbo', engineThatCan(CAN_ALL)],
    ['pricey', engineThatCan(CAN_ALL)],
    ['plain', engineThatCan(TEXT_TO_IMAGE_ONLY)],
    ['studio', engineThatCan(CAN_ALL)],
  ]);
  const ctx: TestApp = await createTestApp({ catalog: DERIVE_MODELS, imageEngines: engines });
  const person = (email: string) => createVerifiedUser(ctx.app, ctx.env.DATA_DIR, email);
  const [alice, bob, pat] = [
    await person('alice@ex.test'),
    await person('bob@ex.test'),
    await person('pat@ex.test'),
  ];
  const db = ctx.database.db;
  await giveCredits(db, alice.userId, 10);
  await giveCredits(db, bob.userId, 10);
  await giveCredits(db, pat.userId, 0);
  await setPremium(db, pat.userId, true);
  const derive = (
    token: string,
    id: string,
    action: 'variations' | 'upscale' | 'inpaint',
    payload: object,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/generations/${id}/${action}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload,
    });
  const read = async (token: string, id: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/generations/${id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<Record<string, unknown>>();
  const ledgerOf = (userId: string) => readCreditLedger(db, userId);
  return { ctx, alice, bob, pat, derive, read, ledgerOf };
}

/** A `side`×`side` PNG as an engine makes it (sides a multiple of 64, as image-to-image needs). */
export async function sourcePng(side = 64): Promise<Buffer> {
  const data = new Uint8Array(side * side * 3).map((_, index) => (index * 7) % 256);
  const encoded = await encodePng(
    { kind: 'rgb', data, width: side, height: side },
    { model: 'fake', backend: 'onnx' },
  );
  return encoded.png;
}

/** A completed generation of `userId` with its image stored (or already expired). */
export async function insertCompletedSource(
  ctx: TestApp,
  userId: string,
  options: { model?: string; expired?: boolean; prompt?: string; side?: number } = {},
) {
  const key = await ctx.app.images.save(await sourcePng(options.side));
  const hour = 60 * 60_000;
  const [row] = await ctx.database.db
    .insert(generations)
    .values({
      requestId: randomUUID(),
      userId,
      status: 'completed',
      contentPrompt: options.prompt ?? 'a lighthouse at dusk',
      negativePrompt: 'fog',
      aspectRatio: '1:1',
      quality: 'fast',
      style: null,
      seed: randomInt(0, 2 ** 31),
      model: options.model ?? 'turbo',
      resultPath: key,
      resultExpiresAt: new Date(Date.now() + (options.expired ? -hour : hour)),
      completedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('no source row');
  return row;
}
