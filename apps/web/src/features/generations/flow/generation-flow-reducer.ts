import {
  COMPLETED_PROGRESS_FLOOR,
  PROCESSING_PROGRESS_FLOOR,
  PROGRESS_PHASES,
  SIMULATED_PROGRESS_CAP,
} from '@nocturne/contract/constants';
import { contentPromptSchema } from '@nocturne/contract/generations/create-generation';
import { isBase64Image } from '@nocturne/contract/generations/base64-image';
import type { GenerationStatus } from '@nocturne/contract/generations/generation-status';
import {
  getPhaseMessage,
  nextSimulatedProgress,
} from '@nocturne/contract/generations/simulated-progress';
import { base64ToDataUrl } from '../utils/image-url';
import { imageHostUrl } from '../../../lib/image-host-url';
import {
  GENERATION_MESSAGES,
  type FailureKind,
  type GenerationFlowAction,
  type GenerationFlowState,
} from './generation-flow-state';

const LISTENING = ['subscribing', 'queued', 'processing', 'finalizing'] as const;
type Listening = Extract<GenerationFlowState, { status: (typeof LISTENING)[number] }>;
type Active = Listening | Extract<GenerationFlowState, { status: 'submitting' }>;

function isListening(state: GenerationFlowState): state is Listening {
  return (LISTENING as readonly string[]).includes(state.status);
}

/** Submitting or listening: the progress step shows and Cancel applies. */
export function isGenerationRunning(state: GenerationFlowState): state is Active {
  return state.status === 'submitting' || isListening(state);
}

/** The fields every listening state shares, without those of one status (queue position). */
function common({ attempt, prompt, idempotencyKey, progress, message, requestId }: Listening) {
  return { attempt, prompt, idempotencyKey, progress, message, requestId };
}

function begin(
  state: GenerationFlowState,
  prompt: string,
  idempotencyKey: string,
  requestId: string | null,
): GenerationFlowState {
  const running = {
    attempt: state.attempt + 1,
    prompt,
    idempotencyKey,
    progress: 0,
    message: getPhaseMessage('AGGREGATION'),
  };
  return requestId
    ? { ...running, status: 'subscribing', requestId }
    : { ...running, status: 'submitting' };
}

function fail(
  state: Active,
  kind: FailureKind,
  error: string,
): Extract<GenerationFlowState, { status: 'failed' }> {
  const { attempt, prompt, idempotencyKey } = state;
  const requestId = 'requestId' in state ? state.requestId : null;
  return { status: 'failed', attempt, prompt, idempotencyKey, kind, error, requestId };
}

/** Statuses only move forward: a late `queued` or `processing` never undoes a newer one. */
function applyStatus(
  state: Listening,
  status: GenerationStatus,
  detail: { queue_position?: number | null; progress?: number | null } = {},
): GenerationFlowState {
  const base = common(state);
  switch (status) {
    case 'queued':
      if (state.status !== 'subscribing' && state.status !== 'queued') return state;
      return {
        ...base,
        status: 'queued',
        message: GENERATION_MESSAGES.queued,
        position: detail.queue_position ?? null,
      };
    case 'processing': {
      if (state.status === 'finalizing') return state;
      // Decision 007: reported progress p maps to 70 + 20·p, inside the processing band.
      const span = SIMULATED_PROGRESS_CAP - PROCESSING_PROGRESS_FLOOR;
      const reported =
        typeof detail.progress === 'number'
          ? PROCESSING_PROGRESS_FLOOR + detail.progress * span
          : 0;
      const floored = Math.max(state.progress, PROCESSING_PROGRESS_FLOOR, reported);
      const progress = Math.max(state.progress, Math.min(SIMULATED_PROGRESS_CAP, floored));
      return { ...base, status: 'processing', progress, message: GENERATION_MESSAGES.processing };
    }
    case 'completed':
      return {
        ...base,
        status: 'finalizing',
        progress: Math.max(state.progress, COMPLETED_PROGRESS_FLOOR),
        message: GENERATION_MESSAGES.finalizing,
      };
    case 'failed':
      return fail(state, 'generation', GENERATION_MESSAGES.failed);
    default:
      return state;
  }
}

function complete(state: Listening, imageSrc: string): GenerationFlowState {
  return {
    ...common(state),
    status: 'completed',
    progress: 100,
    message: GENERATION_MESSAGES.success,
    imageSrc,
  };
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
  if (action.type === 'row') {
    const { row } = action;
    if (row.request_id !== state.requestId) return state;
    if (row.status !== 'completed') return applyStatus(state, row.status);
    return row.result_image_url ? complete(state, imageHostUrl(row.result_image_url)) : state;
  }
  const { event } = action;
  if (event.payload.request_id !== state.requestId) return state;
  if (event.event === 'update') return applyStatus(state, event.payload.status, event.payload);
  const { status, result_base64: base64 } = event.payload;
  if (status === 'completed' && base64 && isBase64Image(base64))
    return complete(state, base64ToDataUrl(base64));
  if (status === 'completed' || status === 'failed')
    return fail(state, 'generation', GENERATION_MESSAGES.failed);
  return state;
}

function retry(state: GenerationFlowState, idempotencyKey: string): GenerationFlowState {
  if (state.status !== 'failed') return state;
  const resumable = state.kind === 'subscription' || state.kind === 'timed_out';
  if (resumable && state.requestId)
    return begin(state, state.prompt, state.idempotencyKey, state.requestId);
  const key = state.kind === 'network' ? state.idempotencyKey : idempotencyKey;
  return begin(state, state.prompt, key, null);
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
      if (!prompt.success || (state.status !== 'idle' && state.status !== 'cancelled')) {
        return state;
      }
      return begin(state, prompt.data, action.idempotencyKey, null);
    }
    case 'submitted':
      if (state.status !== 'submitting') return state;
      return { ...state, status: 'subscribing', requestId: action.requestId };
    case 'submitFailed':
      if (state.status !== 'submitting') return state;
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
