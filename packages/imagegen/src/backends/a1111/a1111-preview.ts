import type { GenerationPreview, ResolvedRequest } from '../../types';
import { decodePreview } from '../decode-preview';

/**
 * The steps A1111 samples: all of them for txt2img, `int(min(strength, 0.999) × steps)` for
 * img2img (modules/sd_samplers_common.py `setup_img2img_steps`, without img2img_fix_steps).
 */
function stepsSampled(request: ResolvedRequest): number {
  if (!request.init) return request.steps;
  return Math.max(1, Math.floor(Math.min(request.init.strength, 0.999) * request.steps));
}

/**
 * Turns A1111's encoded live previews into `onPreview` calls: decoded to RGB one at a time (a
 * preview arriving meanwhile is skipped), with the step the progress fraction stands for, and
 * none once the job is over.
 */
export function previewDelivery(
  request: ResolvedRequest,
  over: AbortSignal,
  onPreview: (preview: GenerationPreview) => void,
): (encoded: Buffer, fraction: number) => void {
  const steps = stepsSampled(request);
  let decoding = false;
  return (encoded, fraction) => {
    if (decoding) return;
    decoding = true;
    const step = Math.min(steps, Math.max(1, Math.round(fraction * steps)));
    decodePreview(encoded)
      .then((image) => {
        if (!over.aborted) onPreview({ step, steps, image });
      })
      .catch(() => undefined) // an undecodable preview is skipped
      .finally(() => (decoding = false));
  };
}
