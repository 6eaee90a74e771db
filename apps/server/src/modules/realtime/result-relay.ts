import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { imageKeyOfUrl } from '../images/image-store';

/**
 * A generation's `result` event carries its image as base64 (spec §3), about a megabyte. Sent
 * through the Socket.IO adapter as it is, every result would be encoded by the worker, written to
 * PostgreSQL (past NOTIFY's 8 kB, as an attachment row) or Redis, and read back and decoded by
 * every API process, whether or not one of its clients is waiting for it.
 *
 * Across processes the event therefore travels without the image, as this server-side event with
 * the image's key; each API process that has clients on the channel reads the image from the
 * image store (shared by every process: S3 or a shared DATA_DIR) and emits the whole event to its
 * own clients. Clients never see the difference.
 */
export const RESULT_RELAY_EVENT = 'nocturne:result';

export type ResultEvent = Extract<RealtimeEvent, { event: 'result' }>;

/** What crosses processes for a result: the event without its image, and the image's key. */
export interface RelayedResult {
  event: ResultEvent;
  imageKey: string;
}

/**
 * The relayed form of `event` when it is a result whose image is in the store (its link names
 * the key); undefined otherwise. Its base64 may already be left out: a worker-only process does
 * not make it, since its results only ever leave this way (GenerationWorkerDeps.resultImageInline).
 */
export function toRelayedResult(event: RealtimeEvent): RelayedResult | undefined {
  if (event.event !== 'result') return undefined;
  const imageKey = imageKeyOfUrl(event.payload.result_image_url ?? '');
  if (!imageKey) return undefined;
  return { event: { ...event, payload: { ...event.payload, result_base64: null } }, imageKey };
}

/**
 * The whole event again, its image read from the store. When the image cannot be read (the store
 * is down) the event still goes out with its link, which the client can load the image from.
 */
export async function restoreResult(
  relayed: RelayedResult,
  readImage: (key: string) => Promise<Buffer>,
  onReadError: (error: unknown) => void,
): Promise<ResultEvent> {
  try {
    const png = await readImage(relayed.imageKey);
    return {
      ...relayed.event,
      payload: { ...relayed.event.payload, result_base64: png.toString('base64') },
    };
  } catch (error) {
    onReadError(error);
    return relayed.event;
  }
}
