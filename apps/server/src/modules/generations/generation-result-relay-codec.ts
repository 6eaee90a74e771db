import type { GenerationResultEvent } from '@nocturne/contract/generations/generation-events';
import type { RelayCodec } from '../realtime/relay-codecs';
import { IMAGES_URL_PREFIX, isImageKey, type ImageStore } from '../images/image-store';

/** A relayed `result` whose image stayed behind: the key of the stored file to read it from. */
type CompactedResult = GenerationResultEvent & { result_image_path?: string };

/**
 * `result` on generation:{request_id} carries the PNG as base64, far over the NOTIFY limit. The
 * worker sends `result_base64: null` plus `result_image_path` (the image key, the file it has just
 * stored under DATA_DIR/images); the API process reads that file and fills `result_base64` back in.
 * API and worker processes must therefore share DATA_DIR (README: split roles).
 */
export function createGenerationResultRelayCodec(images: ImageStore): RelayCodec {
  return {
    channelKind: 'generation',
    event: 'result',
    compact(payload) {
      const event = payload as GenerationResultEvent;
      const url = event.result_image_url ?? '';
      const key = url.startsWith(IMAGES_URL_PREFIX) ? url.slice(IMAGES_URL_PREFIX.length) : '';
      if (!isImageKey(key)) return undefined;
      const compacted: CompactedResult = { ...event, result_base64: null, result_image_path: key };
      return compacted;
    },
    async hydrate(payload) {
      const { result_image_path: key, ...event } = payload as CompactedResult;
      if (key === undefined || !isImageKey(key)) return event;
      // Deleted by its owner in the meantime: the event still tells the outcome, without pixels.
      const png = await images.read(key).catch(() => undefined);
      const hydrated: GenerationResultEvent = {
        ...event,
        result_base64: png ? png.toString('base64') : null,
      };
      return hydrated;
    },
  };
}
