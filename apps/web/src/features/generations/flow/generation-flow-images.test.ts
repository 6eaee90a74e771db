import { describe, expect, it } from 'vitest';
import type {
  GenerationResultEvent,
  GenerationUpdateEvent,
} from '@nocturne/contract/generations/generation-events';
import { PNG_BASE64 } from '../../../../test/features/generations/generation-fixtures';
import { DEFAULT_REQUEST_OPTIONS, generationFlowReducer } from './generation-flow-reducer';
import type { GenerationFlowAction, GenerationFlowState } from './generation-flow-state';

const ID = 'req-1';
const IMAGE = `data:image/png;base64,${PNG_BASE64}`;

function update(index: number, payload: Partial<GenerationUpdateEvent>): GenerationFlowAction {
  return {
    type: 'realtime',
    event: {
      event: 'update',
      payload: { request_id: ID, status: 'queued', image_index: index, ...payload },
    },
  };
}

function result(index: number, payload: Partial<GenerationResultEvent> = {}): GenerationFlowAction {
  return {
    type: 'realtime',
    event: {
      event: 'result',
      payload: {
        request_id: ID,
        status: 'completed',
        image_index: index,
        generation_id: `gen-${index}`,
        seed: 40 + index,
        result_base64: PNG_BASE64,
        ...payload,
      },
    },
  };
}

/** A submit of `count` images, its request id known, then `actions`. */
function run(count: number, ...actions: GenerationFlowAction[]): GenerationFlowState {
  const start: GenerationFlowAction[] = [
    {
      type: 'submit',
      prompt: 'owl',
      idempotencyKey: 'k',
      options: { ...DEFAULT_REQUEST_OPTIONS, image_count: count },
    },
    { type: 'submitted', requestId: ID },
  ];
  return [...start, ...actions].reduce(generationFlowReducer, {
    status: 'idle',
    attempt: 0,
  } as GenerationFlowState);
}

describe('generation flow: N images on one channel', () => {
  it('stays queued while every image waits, showing the nearest place and wait', () => {
    const state = run(
      2,
      update(0, { queue_position: 3, estimated_wait_s: 20 }),
      update(1, { queue_position: 4, estimated_wait_s: 30 }),
    );
    expect(state).toMatchObject({ status: 'queued', position: 3, waitSeconds: 20 });
  });

  it('combines the progress of the images (70 + 20 × the mean)', () => {
    const state = run(
      2,
      update(0, { status: 'processing', progress: 1 }),
      update(1, { status: 'processing', progress: 0 }),
    );
    expect(state).toMatchObject({ status: 'processing', progress: 80 });
  });

  it('completes only when every image has its picture, each with its id and seed', () => {
    const first = run(2, update(0, { status: 'completed' }), result(0));
    expect(first.status).toBe('processing');
    const both = generationFlowReducer(first, result(1));
    expect(both).toMatchObject({
      status: 'completed',
      images: [
        { index: 0, generationId: 'gen-0', seed: 40, imageSrc: IMAGE, error: null },
        { index: 1, generationId: 'gen-1', seed: 41, imageSrc: IMAGE, error: null },
      ],
    });
  });

  it('shows a failed image with its reason while the others complete', () => {
    const state = run(
      2,
      update(1, { status: 'failed', error: 'Cancelled', generation_id: 'gen-1' }),
      result(0),
    );
    expect(state).toMatchObject({
      status: 'completed',
      images: [
        { index: 0, imageSrc: IMAGE, error: null },
        { index: 1, generationId: 'gen-1', imageSrc: null, error: 'Cancelled' },
      ],
    });
  });

  it('fails as a whole only when every image failed', () => {
    const one = run(2, update(0, { status: 'failed' }));
    expect(one.status).toBe('processing');
    const all = generationFlowReducer(one, result(1, { status: 'failed', result_base64: null }));
    expect(all).toMatchObject({ status: 'failed', kind: 'generation' });
  });

  it('ignores an event for an image the submit does not have', () => {
    const before = run(2);
    expect(generationFlowReducer(before, result(5))).toBe(before);
  });
});
