import { isBase64Image } from '@nocturne/contract/generations/base64-image';
import type {
  GenerationResultEvent,
  GenerationUpdateEvent,
} from '@nocturne/contract/generations/generation-events';
import type { GenerationSnapshot } from '@nocturne/contract/realtime/join-snapshots';
import { imageHostUrl } from '../../../lib/image-host-url';
import { base64ToDataUrl } from '../utils/image-url';
import type { ImageReport } from './generation-images';

/*
 * What each source says about one image of a submit: the `update` and `result` events, and the
 * rows a channel join's snapshot carries. The reducer folds these reports into its image slots.
 */

/** What the `result` event says about its image: a picture that is not one counts as failed. */
export function resultReport(payload: GenerationResultEvent): ImageReport | null {
  const { status, result_base64: base64 } = payload;
  const index = payload.image_index ?? 0;
  const known = { index, generationId: payload.generation_id, seed: payload.seed };
  if (status === 'completed' && base64 && isBase64Image(base64))
    return { ...known, status, imageSrc: base64ToDataUrl(base64) };
  // The server sends the link alone when it could not read the image back to inline it.
  if (status === 'completed' && !base64 && payload.result_image_url)
    return { ...known, status, imageSrc: imageHostUrl(payload.result_image_url) };
  if (status === 'completed' || status === 'failed')
    return { ...known, status: 'failed', error: payload.error ?? null };
  return null;
}

export function rowReport(row: GenerationSnapshot): ImageReport | null {
  const known = {
    index: row.image_index,
    generationId: row.id,
    seed: row.seed,
    error: row.error,
    // Only a join's snapshot of a queued row has them: a fresh submit's one report of its place.
    queuePosition: row.queue_position,
    waitSeconds: row.estimated_wait_s,
  };
  if (row.status !== 'completed') return { ...known, status: row.status };
  // A completed row without its picture: the `result` event brings it.
  return row.result_image_url
    ? { ...known, status: row.status, imageSrc: imageHostUrl(row.result_image_url) }
    : null;
}

export function updateReport(payload: GenerationUpdateEvent): ImageReport {
  return {
    index: payload.image_index ?? 0,
    status: payload.status,
    generationId: payload.generation_id,
    progress: payload.progress,
    queuePosition: payload.queue_position,
    waitSeconds: payload.estimated_wait_s,
    error: payload.error,
  };
}
