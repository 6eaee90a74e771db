import type { ImageGeneratorDescription } from '@nocturne/imagegen/create-image-generator';
import { and, isNotNull } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { workerModels } from './worker-models-tables';
import type { AppModels } from './app-models';
import { seenWithin } from './model-liveness';
import type { ServedEngine } from './model-types';

/** An engine's description, as a worker reports it with its heartbeat. */
export function servedEngineOf(description: ImageGeneratorDescription): ServedEngine {
  return {
    backend: description.backend,
    model: description.model,
    isPreview: description.isPreview,
    notice: description.notice ?? null,
    fallbackReason: description.fallbackReason ?? null,
    variations: description.capabilities?.imageToImage ?? false,
    upscale: [...(description.capabilities?.upscaleFactors ?? [])],
    inpaint: description.capabilities?.inpaint ?? false,
    oneStep: description.oneStep ?? false,
  };
}

/** The engines live workers (heard from within `boundMs`) report, per model (servedByBoth). */
export async function readServedEngines(
  db: DbHandle,
  boundMs: number,
): Promise<Map<string, ServedEngine>> {
  const rows = await db
    .select({ model: workerModels.model, engine: workerModels.engine })
    .from(workerModels)
    .where(and(isNotNull(workerModels.engine), seenWithin(boundMs)));
  const served = new Map<string, ServedEngine>();
  for (const { model, engine } of rows) {
    if (!engine) continue;
    const other = served.get(model);
    served.set(model, other ? servedByBoth(other, engine) : engine);
  }
  return served;
}

/**
 * One model's engine when two workers serve it: a job may land on either, so it counts as a
 * preview if either is one, and offers only what both can do.
 */
export function servedByBoth(one: ServedEngine, other: ServedEngine): ServedEngine {
  return {
    ...(one.isPreview ? one : other),
    fallbackReason: one.fallbackReason ?? other.fallbackReason,
    variations: one.variations && other.variations,
    upscale: one.upscale.filter((factor) => other.upscale.includes(factor)),
    inpaint: one.inpaint === true && other.inpaint === true,
    oneStep: one.oneStep === true || other.oneStep === true,
  };
}

/**
 * Model `id`'s engine: as its live workers report it, else as this process opened it (no worker
 * has reported yet); undefined when neither knows it.
 */
export function engineOfModel(
  models: AppModels,
  served: ReadonlyMap<string, ServedEngine>,
  id: string,
): ServedEngine | undefined {
  const own = models.engines.get(id)?.describe();
  return served.get(id) ?? (own ? servedEngineOf(own) : undefined);
}
