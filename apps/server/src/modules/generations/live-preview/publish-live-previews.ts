import { channels } from '@nocturne/contract/realtime/channels';
import type { GenerationWorkerDeps } from '../generation-worker-deps';
import type { GenerationRow } from '../generation-row';
import { encodeLivePreview } from './encode-live-preview';
import { createLivePreviewSender, type LivePreviewSender } from './live-preview-sender';

/**
 * A job's live previews as `preview` events on its generation channel (joined by its owner only):
 * closed when the job stops or its engine call ends (before its result is stored), published
 * straight away like progress, never written to the store or the database.
 */
export function publishLivePreviews(
  deps: Pick<GenerationWorkerDeps, 'unitOfWork' | 'logger'>,
  job: GenerationRow,
  signal: AbortSignal,
): LivePreviewSender {
  const sender = createLivePreviewSender({
    encode: (preview) => encodeLivePreview(preview),
    send: ({ step, steps }, image) =>
      deps.unitOfWork.publish({
        channel: channels.generation(job.requestId),
        event: 'preview',
        payload: {
          request_id: job.requestId,
          generation_id: job.id,
          image_index: job.imageIndex,
          step,
          steps,
          image_webp_base64: image,
        },
      }),
    onError: (error) => deps.logger.warn({ err: error, id: job.id }, 'live preview dropped'),
  });
  // Cancelled, timed out or lost: an encoding under way is not sent.
  signal.addEventListener('abort', () => sender.close(), { once: true });
  return sender;
}
