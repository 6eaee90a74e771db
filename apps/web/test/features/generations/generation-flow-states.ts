import { expect, it } from 'vitest';
import type { GenerationUpdateEvent } from '@nocturne/contract/generations/generation-events';
import {
  DEFAULT_REQUEST_OPTIONS,
  generationFlowReducer,
} from '../../../src/features/generations/flow/generation-flow-reducer';
import type {
  GenerationFlowAction,
  GenerationFlowState,
} from '../../../src/features/generations/flow/generation-flow-state';
import type { FinishedImage } from '../../../src/features/generations/types';
import { createImageSlots } from '../../../src/features/generations/flow/generation-images';
import { generation, PNG_BASE64 } from './generation-fixtures';
import type { GenerationSnapshot } from '@nocturne/contract/realtime/join-snapshots';

/** States and actions of the generation flow for its table-driven reducer tests. */

export const KEY = 'key-1';
export const NEW_KEY = 'key-2';
export const ID = 'req-1';
export const run = {
  attempt: 1,
  prompt: 'owl',
  options: DEFAULT_REQUEST_OPTIONS,
  idempotencyKey: KEY,
};
/** One image nothing was heard of; the tables below compare the submit, not its images. */
export const images = createImageSlots(1);
export const PREPARING = 'Preparing your prompt...';
export const WAITING_FOR_GENERATOR = 'Waiting for an available generator...';
export const GENERATING = 'AI is generating your image...';
export const FINALIZING = 'Generation complete, finalizing...';
export const FAILED = 'Generation failed. Please try again.';

export const idle: GenerationFlowState = { status: 'idle', attempt: 1 };
export const cancelled: GenerationFlowState = { status: 'cancelled', attempt: 1 };
export const submitting = (progress = 0, message = PREPARING): GenerationFlowState => ({
  ...run,
  images,
  status: 'submitting',
  progress,
  message,
});
export const subscribing = (progress = 20, message = PREPARING): GenerationFlowState => ({
  ...run,
  images,
  status: 'subscribing',
  requestId: ID,
  progress,
  message,
});
export const queued = (
  progress = 30,
  position: number | null = 3,
  waitSeconds: number | null = null,
): GenerationFlowState => ({
  ...run,
  images,
  status: 'queued',
  requestId: ID,
  progress,
  message: 'Waiting in queue',
  position,
  waitSeconds,
});
export const processing = (progress = 70): GenerationFlowState => ({
  ...run,
  images,
  status: 'processing',
  requestId: ID,
  progress,
  message: GENERATING,
});
export const finalizing = (progress = 95): GenerationFlowState => ({
  ...run,
  images,
  status: 'finalizing',
  requestId: ID,
  progress,
  message: FINALIZING,
});
export const completed = (
  imageSrc = `data:image/png;base64,${PNG_BASE64}`,
  image: Partial<FinishedImage> = {},
): GenerationFlowState => ({
  ...run,
  status: 'completed',
  requestId: ID,
  progress: 100,
  message: 'Image generated successfully!',
  images: [{ index: 0, generationId: null, seed: null, imageSrc, error: null, ...image }],
});
export const failed = (
  kind: Extract<GenerationFlowState, { status: 'failed' }>['kind'],
  error = FAILED,
  requestId: string | null = ID,
): GenerationFlowState => ({ ...run, status: 'failed', kind, error, requestId });

export const update = (payload: Partial<GenerationUpdateEvent>): GenerationFlowAction => ({
  type: 'realtime',
  event: { event: 'update', payload: { request_id: ID, status: 'queued', ...payload } },
});
export const result = (
  status: 'completed' | 'failed',
  base64: string | null = PNG_BASE64,
  requestId = ID,
  imageUrl?: string,
): GenerationFlowAction => ({
  type: 'realtime',
  event: {
    event: 'result',
    payload: {
      request_id: requestId,
      status,
      result_base64: base64,
      ...(imageUrl ? { result_image_url: imageUrl } : {}),
    },
  },
});
/** A row action: GET's row, or with the queue fields the join's snapshot of a queued row. */
export const row = (overrides: Partial<GenerationSnapshot>): GenerationFlowAction => ({
  type: 'row',
  row: { ...generation(1, { request_id: ID, result_image_url: null }), ...overrides },
});
export const tick = (random: number): GenerationFlowAction => ({ type: 'tick', random });

export type Row = [string, GenerationFlowState, GenerationFlowAction, GenerationFlowState];

/** The submit without the images of a running state (generation-images.test.ts covers them). */
export function withoutRunningImages(state: GenerationFlowState) {
  if (state.status === 'completed' || !('images' in state)) return state;
  const { images: _images, ...rest } = state;
  return rest;
}

/** One test per row: reducing `state` by `action` gives `expected`. */
export function table(rows: Row[]) {
  it.each(rows)('%s', (_name, state, action, expected) => {
    expect(withoutRunningImages(generationFlowReducer(state, action))).toEqual(
      withoutRunningImages(expected),
    );
  });
}
