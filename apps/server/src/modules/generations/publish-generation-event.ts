import type {
  GenerationResultEvent,
  GenerationUpdateEvent,
} from '@nocturne/contract/generations/generation-events';
import { channels } from '@nocturne/contract/realtime/channels';

/** `app.realtime.publish`, or whatever carries events to the API process (see README). */
export type PublishRealtime = (channel: string, event: string, payload: unknown) => void;

/** `update` on generation:{request_id}: every status change, queue position and progress. */
export function publishGenerationUpdate(publish: PublishRealtime, event: GenerationUpdateEvent) {
  publish(channels.generation(event.request_id), 'update', event);
}

/** `result` on generation:{request_id}: the final answer (image as base64, or the failure). */
export function publishGenerationResult(publish: PublishRealtime, event: GenerationResultEvent) {
  publish(channels.generation(event.request_id), 'result', event);
}
