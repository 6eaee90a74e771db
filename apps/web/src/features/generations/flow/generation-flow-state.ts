import type { ChannelStatus } from '@nocturne/contract/realtime/channels';
import type { GenerationSnapshot } from '@nocturne/contract/realtime/join-snapshots';
import type { ParsedRealtimeEvent } from '@nocturne/contract/realtime/events';
import type { DeriveRequest, FinishedImage, GenerationRequestOptions, ImageSlot } from '../types';

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
  options: GenerationRequestOptions;
  idempotencyKey: string;
  /** A variation or upscale of one of the person's results; absent or null: POST /generate. */
  derive?: DeriveRequest | null;
}

interface Running extends Attempt {
  /** 0-100, all images together. */
  progress: number;
  message: string;
  images: ImageSlot[];
}

interface Listening extends Running {
  requestId: string;
}

/** What a refused submit asks the person to change: the prompt (content rules) or the model. */
export type RefusedField = 'prompt' | 'model';

/** Spec §4 client generation flow, one named state per step. */
export type GenerationFlowState =
  | { status: 'idle'; attempt: number }
  | { status: 'cancelled'; attempt: number }
  /**
   * The content rules refused the prompt, or the chosen model cannot be used: back at the input
   * with the prompt and the server's reason, shown at the field to change (see RefusedField).
   */
  | {
      status: 'refused';
      attempt: number;
      prompt: string;
      error: string;
      field: RefusedField;
      /** The server's error code (MODEL_REQUIRES_PREMIUM also offers the upgrade). */
      code: string | null;
    }
  /** POST /generate in flight; simulated progress runs. */
  | (Running & { status: 'submitting' })
  /** The request id is known and its channel is being joined; the server has said nothing yet. */
  | (Listening & { status: 'subscribing' })
  /** The server says queued: the simulation waits below the end of the queuing phase. */
  | (Listening & { status: 'queued'; position: number | null; waitSeconds: number | null })
  /** Real progress replaces the simulation. */
  | (Listening & { status: 'processing' })
  /** The row is completed; its `result` (the image) is on its way. */
  | (Listening & { status: 'finalizing' })
  /** Every image ended; at least one has its picture. */
  | (Omit<Listening, 'images'> & { status: 'completed'; images: FinishedImage[] })
  | (Attempt & {
      status: 'failed';
      kind: FailureKind;
      error: string;
      requestId: string | null;
    });

export type GenerationFlowStatus = GenerationFlowState['status'];

export type GenerationFlowAction =
  | {
      type: 'submit';
      prompt: string;
      idempotencyKey: string;
      /** Absent: the contract's defaults, one image with a random seed. */
      options?: GenerationRequestOptions;
      /** Vary or upscale a result (its prompt and options are the source's); also from a result. */
      derive?: DeriveRequest;
    }
  | { type: 'submitted'; requestId: string }
  | {
      type: 'submitFailed';
      message: string;
      retryable: boolean;
      refused?: RefusedField;
      code?: string;
    }
  /** One simulation tick; `random` in [0, 1) keeps the reducer pure. */
  | { type: 'tick'; random: number }
  | { type: 'realtime'; event: ParsedRealtimeEvent<'generation'> }
  | { type: 'channel'; status: ChannelStatus }
  /**
   * The generation row: the join's snapshot (with the place while queued), or read when the
   * `result` event is late.
   */
  | { type: 'row'; row: GenerationSnapshot }
  /** Try Again; the key is used only when the failure calls for a new submit. */
  | { type: 'retry'; idempotencyKey: string }
  | { type: 'cancel' }
  | { type: 'reset' };

export const INITIAL_GENERATION_FLOW_STATE: GenerationFlowState = { status: 'idle', attempt: 0 };
