// The generation flow's shared steps: which states listen, failing, and what the images say together.
import {
  COMPLETED_PROGRESS_FLOOR,
  PROCESSING_PROGRESS_FLOOR,
  SIMULATED_PROGRESS_CAP,
} from '@nocturne/contract/constants';
import {
  GENERATION_MESSAGES,
  type FailureKind,
  type GenerationFlowState,
} from './generation-flow-state';
import type { ImageSlot } from '../types';
import { finishedImages, isImageDone, summarizeImages } from './generation-images';

const LISTENING = ['subscribing', 'queued', 'processing', 'finalizing'] as const;
export type Listening = Extract<GenerationFlowState, { status: (typeof LISTENING)[number] }>;
export type Active = Listening | Extract<GenerationFlowState, { status: 'submitting' }>;

export function isListening(state: GenerationFlowState): state is Listening {
  return (LISTENING as readonly string[]).includes(state.status);
}

/** The fields every listening state shares, without those of one status (queue position). */
function common({
  attempt,
  prompt,
  options,
  idempotencyKey,
  progress,
  message,
  requestId,
  images,
  derive,
}: Listening) {
  const base = { attempt, prompt, options, idempotencyKey, progress, message, requestId, images };
  return { ...base, ...(derive ? { derive } : {}) };
}

export function fail(
  state: Active,
  kind: FailureKind,
  error: string,
): Extract<GenerationFlowState, { status: 'failed' }> {
  const { attempt, prompt, options, idempotencyKey, derive } = state;
  const requestId = 'requestId' in state ? state.requestId : null;
  return {
    status: 'failed',
    ...{ attempt, prompt, options, idempotencyKey, kind, error, requestId },
    ...(derive ? { derive } : {}),
  };
}

/**
 * Moves the submit to what its images say together. Statuses only move forward: a late `queued`
 * or `processing` never undoes a newer one.
 */
export function applyImages(state: Listening, images: ImageSlot[]): GenerationFlowState {
  const summary = summarizeImages(images);
  const base = { ...common(state), images };
  switch (summary.status) {
    case 'queued':
      if (state.status !== 'subscribing' && state.status !== 'queued') return { ...state, images };
      return {
        ...base,
        status: 'queued',
        message: GENERATION_MESSAGES.queued,
        position: summary.queuePosition,
        waitSeconds: summary.waitSeconds,
      };
    case 'processing': {
      if (state.status === 'finalizing') return { ...state, images };
      // Decision 007: reported progress p maps to 70 + 20·p, inside the processing band.
      const span = SIMULATED_PROGRESS_CAP - PROCESSING_PROGRESS_FLOOR;
      const reported = PROCESSING_PROGRESS_FLOOR + summary.progress * span;
      const floored = Math.max(state.progress, reported);
      const progress = Math.max(state.progress, Math.min(SIMULATED_PROGRESS_CAP, floored));
      return { ...base, status: 'processing', progress, message: GENERATION_MESSAGES.processing };
    }
    case 'completed': {
      if (images.every(isImageDone)) return complete(state, images);
      return {
        ...base,
        status: 'finalizing',
        progress: Math.max(state.progress, COMPLETED_PROGRESS_FLOOR),
        message: GENERATION_MESSAGES.finalizing,
      };
    }
    case 'failed':
      return fail(state, 'generation', GENERATION_MESSAGES.failed);
    default:
      return { ...state, images };
  }
}

function complete(state: Listening, images: ImageSlot[]): GenerationFlowState {
  const { attempt, prompt, options, idempotencyKey, requestId } = state;
  return {
    attempt,
    prompt,
    options,
    idempotencyKey,
    requestId,
    status: 'completed',
    progress: 100,
    message: GENERATION_MESSAGES.success,
    images: finishedImages(images),
  };
}
