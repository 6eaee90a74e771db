import type { GenerationPreview } from '@nocturne/imagegen/types';

/** Least time between two previews of one job. */
export const LIVE_PREVIEW_INTERVAL_MS = 250;

export interface LivePreviewSenderOptions {
  /** The preview as base64 WebP, or undefined to drop it. */
  encode: (preview: GenerationPreview) => Promise<string | undefined>;
  send: (preview: GenerationPreview, imageBase64: string) => void;
  onError: (error: unknown) => void;
  intervalMs?: number;
  now?: () => number;
}

export interface LivePreviewSender {
  /** The engine's `onPreview`: kept or dropped at once, never queued. */
  offer: (preview: GenerationPreview) => void;
  /** The job ended: nothing is sent from now on, an encoding under way included. */
  close: () => void;
}

/**
 * Throttles one job's previews: at most one every `intervalMs` and one encoding at a time; a
 * preview that comes too soon, or while another is encoding, is dropped (the next one is newer).
 */
export function createLivePreviewSender(options: LivePreviewSenderOptions): LivePreviewSender {
  const { encode, send, onError, intervalMs = LIVE_PREVIEW_INTERVAL_MS } = options;
  const now = options.now ?? Date.now;
  let lastAt = Number.NEGATIVE_INFINITY;
  let encoding = false;
  let closed = false;
  return {
    offer: (preview) => {
      if (closed || encoding || now() - lastAt < intervalMs) return;
      encoding = true;
      lastAt = now();
      encode(preview)
        .then((image) => {
          if (image !== undefined && !closed) send(preview, image);
        })
        .catch(onError)
        .finally(() => {
          encoding = false;
        });
    },
    close: () => {
      closed = true;
    },
  };
}
