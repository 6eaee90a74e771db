import {
  stepsKeepingSource,
  UPSCALE_STRENGTH,
  VARIATION_STRENGTHS,
} from '@nocturne/imagegen/image-to-image';
import { INPAINT_STRENGTH_DEFAULT } from '@nocturne/contract/generations/derive-generation';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import type { DbHandle } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import { isResultRetained, type GenerationRow } from './generation-row';
import { findInpaintMask } from './repository/inpaint-masks';
import { findGeneration } from './repository/read-generations';

/** What the person reads when a derived image's source went before the job ran. */
export const SOURCE_VANISHED_REASON =
  'The image this was made from is no longer stored, so it could not be made. Your credits were refunded.';

/** The source's image is gone (deleted, or past its retention) by the time the job runs. */
export class SourceVanished extends Error {}

/** The denoising strength of a derived job (docs/decisions/066; an inpaint's is its own). */
export function strengthOf(job: GenerationRow): number {
  if (job.kind === 'upscale') return UPSCALE_STRENGTH;
  if (job.kind === 'inpaint') return job.inpaintStrength ?? INPAINT_STRENGTH_DEFAULT;
  return VARIATION_STRENGTHS[job.strength ?? 'subtle'];
}

/** An inpaint's mask as the submit kept it; SourceVanished when it is gone. */
async function maskOf(db: DbHandle, job: GenerationRow): Promise<Buffer> {
  const mask = await findInpaintMask(db, job.id);
  if (!mask) throw new SourceVanished('the mask of this inpaint is no longer stored');
  return mask;
}

/**
 * The image-to-image part of the engine request of a variation, upscale or inpaint: the source's
 * stored PNG at the job's strength, an inpaint's mask, the upscale factor, and a schedule long
 * enough that the source survives (stepsKeepingSource: a one-step model would redraw from full
 * noise). Empty for a text-to-image job. Throws SourceVanished when the source row, its file or
 * an inpaint's mask is gone.
 */
export async function derivedJobInput(
  deps: { db: DbHandle; images: ImageStore; engine: ImageGenerator },
  job: GenerationRow,
): Promise<Pick<GenerateRequest, 'init' | 'upscale' | 'steps'>> {
  if (job.kind === 'generate') return {};
  const source = job.sourceGenerationId
    ? await findGeneration(deps.db, job.sourceGenerationId)
    : undefined;
  if (!source?.resultPath || !isResultRetained(source, new Date())) throw new SourceVanished();
  const png = await deps.images.read(source.resultPath).catch((error: unknown) => {
    throw new SourceVanished('the source image could not be read', { cause: error });
  });
  const strength = strengthOf(job);
  const steps = deps.engine.describe().qualitySteps?.[job.quality];
  const mask = job.kind === 'inpaint' ? await maskOf(deps.db, job) : undefined;
  return {
    init: { png, strength, ...(mask ? { mask } : {}) },
    ...(job.kind === 'upscale' && job.upscaleFactor ? { upscale: job.upscaleFactor } : {}),
    ...(steps === undefined ? {} : { steps: stepsKeepingSource(steps, strength) }),
  };
}
