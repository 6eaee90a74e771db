import type {
  GenerationResultEvent,
  GenerationUpdateEvent,
} from '@nocturne/contract/generations/generation-events';
import { channels } from '@nocturne/contract/realtime/channels';
import type { PublishRealtime } from '../realtime/publish-realtime';

/** `app.realtime.publish`, or the realtime relay in a worker-only process (see README). */
export type { PublishRealtime };

/** `update` on generation:{request_id}: every status change, queue position and progress. */
export function publishGenerationUpdate(publish: PublishRealtime, event: GenerationUpdateEvent) {
  publish(channels.generation(event.request_id), 'update', event);
}

/** `result` on generation:{request_id}: the final answer (image as base64, or the failure). */
export function publishGenerationResult(publish: PublishRealtime, event: GenerationResultEvent) {
  publish(channels.generation(event.request_id), 'result', event);
}
