import { PROGRESS_PHASES } from '@nocturne/contract/constants';
import { contentPromptSchema } from '@nocturne/contract/generations/create-generation';
import { DEFAULT_GENERATION_OPTIONS } from '@nocturne/contract/generations/generation-options';
import {
  getPhaseMessage,
  nextSimulatedProgress,
} from '@nocturne/contract/generations/simulated-progress';
import {
  GENERATION_MESSAGES,
  type GenerationFlowAction,
  type GenerationFlowState,
} from './generation-flow-state';
import {
  applyImages,
  fail,
  isListening,
  type Active,
  type Listening,
} from './generation-flow-steps';
import { applyImageReport, createImageSlots, type ImageReport } from './generation-images';
import { resultReport, rowReport, updateReport } from './generation-image-reports';
import { applyImagePreview } from './generation-image-previews';
import type { DeriveRequest, GenerationRequestOptions } from '../types';

/** One image with the contract's defaults and a random seed: a submit that names no options. */
export const DEFAULT_REQUEST_OPTIONS: GenerationRequestOptions = {
  negative_prompt: '',
  ...DEFAULT_GENERATION_OPTIONS,
};

/** Submitting or listening: the progress step shows and Cancel applies. */
export function isGenerationRunning(state: GenerationFlowState): state is Active {
  return state.status === 'submitting' || isListening(state);
}

function begin(
  state: GenerationFlowState,
  prompt: string,
  options: GenerationRequestOptions,
  idempotencyKey: string,
  requestId: string | null,
  derive: DeriveRequest | null = null,
): GenerationFlowState {
  const running = {
    attempt: state.attempt + 1,
    prompt,
    options,
    idempotencyKey,
    ...(derive ? { derive } : {}),
    progress: 0,
    message: getPhaseMessage('AGGREGATION'),
    images: createImageSlots(options.image_count),
  };
  return requestId
    ? { ...running, status: 'subscribing', requestId }
    : { ...running, status: 'submitting' };
}

function tick(state: Active, random: number): GenerationFlowState {
  if (state.status === 'processing' || state.status === 'finalizing') return state;
  const next = nextSimulatedProgress(state.progress, () => random);
  if (state.status !== 'queued')
    return { ...state, progress: next.progress, message: next.message };
  const held = Math.max(state.progress, PROGRESS_PHASES.QUEUING.to - 1);
  return { ...state, progress: Math.min(next.progress, held), message: GENERATION_MESSAGES.queued };
}

function receive(
  state: Listening,
  action: Extract<GenerationFlowAction, { type: 'realtime' | 'row' | 'channel' }>,
): GenerationFlowState {
  if (action.type === 'channel') {
    if (action.status === 'CHANNEL_ERROR')
      return fail(state, 'subscription', GENERATION_MESSAGES.subscribeFailed);
    if (action.status === 'TIMED_OUT')
      return fail(state, 'timed_out', GENERATION_MESSAGES.subscribeTimedOut);
    return state;
  }
  let report: ImageReport | null;
  if (action.type === 'row') {
    if (action.row.request_id !== state.requestId) return state;
    report = rowReport(action.row);
  } else {
    const { event } = action;
    if (event.payload.request_id !== state.requestId) return state;
    if (event.event === 'preview') {
      const images = applyImagePreview(state.images, event.payload);
      return images === state.images ? state : { ...state, images };
    }
    report = event.event === 'update' ? updateReport(event.payload) : resultReport(event.payload);
  }
  if (!report) return state;
  const images = applyImageReport(state.images, report);
  return images === state.images ? state : applyImages(state, images);
}

function retry(state: GenerationFlowState, idempotencyKey: string): GenerationFlowState {
  if (state.status !== 'failed') return state;
  const resumable = state.kind === 'subscription' || state.kind === 'timed_out';
  if (resumable && state.requestId)
    return begin(
      state,
      state.prompt,
      state.options,
      state.idempotencyKey,
      state.requestId,
      state.derive ?? null,
    );
  const key = state.kind === 'network' ? state.idempotencyKey : idempotencyKey;
  return begin(state, state.prompt, state.options, key, null, state.derive ?? null);
}

/**
 * A derive the mask editor has sent itself: its request id to follow, and the action without it
 * (a Try Again sends it anew).
 */
function sentAlready(derive: DeriveRequest | null): {
  derive: DeriveRequest | null;
  requestId: string | null;
} {
  if (derive?.action.kind !== 'inpaint' || !derive.action.requestId) {
    return { derive, requestId: null };
  }
  const { requestId, ...action } = derive.action;
  return { derive: { ...derive, action }, requestId };
}

/** Spec §4 client generation flow as a pure function; `use-generation-flow` runs its effects. */
export function generationFlowReducer(
  state: GenerationFlowState,
  action: GenerationFlowAction,
): GenerationFlowState {
  switch (action.type) {
    case 'submit': {
      // Spec §5: a blank prompt is ignored; the contract's schema is the one trim and limit.
      const prompt = contentPromptSchema.safeParse(action.prompt);
      // A variation or upscale may also start from the result step, on one of its images.
      const from = action.derive ? ['idle', 'cancelled', 'refused', 'completed'] : undefined;
      const ready = (from ?? ['idle', 'cancelled', 'refused']).includes(state.status);
      if (!prompt.success || !ready) {
        return state;
      }
      const options = action.options ?? DEFAULT_REQUEST_OPTIONS;
      const { derive, requestId } = sentAlready(action.derive ?? null);
      return begin(state, prompt.data, options, action.idempotencyKey, requestId, derive);
    }
    case 'submitted':
      if (state.status !== 'submitting') return state;
      return { ...state, status: 'subscribing', requestId: action.requestId };
    case 'submitFailed':
      if (state.status !== 'submitting') return state;
      // A refused submit is never sent again as is: the person changes the prompt or model first.
      if (action.refused)
        return {
          status: 'refused',
          attempt: state.attempt,
          prompt: state.prompt,
          error: action.message,
          field: action.refused,
          code: action.code ?? null,
        };
      return fail(state, action.retryable ? 'network' : 'request', action.message);
    case 'tick':
      return isGenerationRunning(state) ? tick(state, action.random) : state;
    case 'realtime':
    case 'row':
    case 'channel':
      return isListening(state) ? receive(state, action) : state;
    case 'retry':
      return retry(state, action.idempotencyKey);
    case 'cancel':
      return isGenerationRunning(state) ? { status: 'cancelled', attempt: state.attempt } : state;
    case 'reset':
      return { status: 'idle', attempt: state.attempt };
  }
}
