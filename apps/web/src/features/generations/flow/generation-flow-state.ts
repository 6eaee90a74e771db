import type { Generation } from '@nocturne/contract/generations/generation';
import type { ChannelStatus } from '@nocturne/contract/realtime/channels';
import type { ParsedRealtimeEvent } from '@nocturne/contract/realtime/events';

export const GENERATION_MESSAGES = {
  queued: 'Waiting in queue',
  processing: 'AI is generating your image...',
  finalizing: 'Generation complete, finalizing...',
  success: 'Image generated successfully!',
  cancelled: 'Generation cancelled',
  failed: 'Generation failed. Please try again.',
  subscribeFailed: 'Failed to subscribe to generation updates',
  subscribeTimedOut: 'Subscription timed out',
} as const;

/**
 * Why the last attempt failed, which decides what Try Again repeats: a lost channel resumes the
 * same request id, a network failure may have reached the server so it keeps the Idempotency-Key,
 * anything else is a new submit.
 */
export type FailureKind = 'request' | 'network' | 'subscription' | 'timed_out' | 'generation';

/** One submit (or Try Again): `attempt` tells effects of one attempt from the next. */
interface Attempt {
  attempt: number;
  /** Trimmed, as sent. */
  prompt: string;
  idempotencyKey: string;
}

interface Running extends Attempt {
  /** 0-100 */
  progress: number;
  message: string;
}

interface Listening extends Running {
  requestId: string;
}

/** Spec §4 client generation flow, one named state per step. */
export type GenerationFlowState =
  | { status: 'idle'; attempt: number }
  | { status: 'cancelled'; attempt: number }
  /** POST /generate in flight; simulated progress runs. */
  | (Running & { status: 'submitting' })
  /** The request id is known and its channel is being joined; the server has said nothing yet. */
  | (Listening & { status: 'subscribing' })
  /** The server says queued: the simulation waits below the end of the queuing phase. */
  | (Listening & { status: 'queued'; position: number | null })
  /** Real progress replaces the simulation. */
  | (Listening & { status: 'processing' })
  /** The row is completed; its `result` (the image) is on its way. */
  | (Listening & { status: 'finalizing' })
  | (Listening & { status: 'completed'; imageSrc: string })
  | (Attempt & {
      status: 'failed';
      kind: FailureKind;
      error: string;
      requestId: string | null;
    });

export type GenerationFlowStatus = GenerationFlowState['status'];

export type GenerationFlowAction =
  | { type: 'submit'; prompt: string; idempotencyKey: string }
  | { type: 'submitted'; requestId: string }
  | { type: 'submitFailed'; message: string; retryable: boolean }
  /** One simulation tick; `random` in [0, 1) keeps the reducer pure. */
  | { type: 'tick'; random: number }
  | { type: 'realtime'; event: ParsedRealtimeEvent<'generation'> }
  | { type: 'channel'; status: ChannelStatus }
  /** The generation row, read after joining or when the `result` event is late. */
  | { type: 'row'; row: Generation }
  /** Try Again; the key is used only when the failure calls for a new submit. */
  | { type: 'retry'; idempotencyKey: string }
  | { type: 'cancel' }
  | { type: 'reset' };

export const INITIAL_GENERATION_FLOW_STATE: GenerationFlowState = { status: 'idle', attempt: 0 };
