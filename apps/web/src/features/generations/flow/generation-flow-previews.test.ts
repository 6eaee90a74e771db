import { describe, expect, it } from 'vitest';
import type { GenerationPreviewEvent } from '@nocturne/contract/generations/generation-events';
import { PNG_BASE64 } from '../../../../test/features/generations/generation-fixtures';
import { DEFAULT_REQUEST_OPTIONS, generationFlowReducer } from './generation-flow-reducer';
import type { GenerationFlowAction, GenerationFlowState } from './generation-flow-state';

const ID = 'req-1';
const WEBP = 'UklGRhIAAABXRUJQ';

const preview = (
  index: number,
  step: number,
  overrides: Partial<GenerationPreviewEvent> = {},
): GenerationFlowAction => ({
  type: 'realtime',
  event: {
    event: 'preview',
    payload: {
      request_id: ID,
      generation_id: `gen-${index}`,
      image_index: index,
      step,
      steps: 8,
      image_webp_base64: `${WEBP}${step}`,
      ...overrides,
    },
  },
});
const processing = (index: number): GenerationFlowAction => ({
  type: 'realtime',
  event: {
    event: 'update',
    payload: { request_id: ID, status: 'processing', image_index: index, progress: 0.5 },
  },
});
const completedRow = (index: number): GenerationFlowAction => ({
  type: 'realtime',
  event: { event: 'update', payload: { request_id: ID, status: 'completed', image_index: index } },
});
const result = (index: number): GenerationFlowAction => ({
  type: 'realtime',
  event: {
    event: 'result',
    payload: { request_id: ID, status: 'completed', image_index: index, result_base64: PNG_BASE64 },
  },
});

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

/** Each image's preview as [step, steps], or null. */
function previews(state: GenerationFlowState) {
  if (!('images' in state) || state.status === 'completed') return 'no running images';
  return state.images.map((slot) =>
    slot.preview ? [slot.preview.step, slot.preview.steps] : null,
  );
}

describe('generation flow: live previews', () => {
  it.each<[string, GenerationFlowState, ReturnType<typeof previews>]>([
    ['a processing image keeps its preview', run(1, processing(0), preview(0, 2)), [[2, 8]]],
    ['a preview before any update is kept', run(1, preview(0, 1)), [[1, 8]]],
    ['a newer step replaces it', run(1, processing(0), preview(0, 2), preview(0, 5)), [[5, 8]]],
    [
      'an older or equal step is ignored',
      run(1, processing(0), preview(0, 5), preview(0, 5, { steps: 9 }), preview(0, 3)),
      [[5, 8]],
    ],
    ['each image of a batch its own', run(2, processing(1), preview(1, 3)), [null, [3, 8]]],
    [
      'two images, two previews',
      run(2, preview(0, 1), preview(1, 4, { steps: 4 })),
      [
        [1, 8],
        [4, 4],
      ],
    ],
    ['an image out of range is ignored', run(1, preview(3, 1)), [null]],
    ['another request is ignored', run(1, preview(0, 1, { request_id: 'other' })), [null]],
    [
      'none once the row completed (its result follows)',
      run(2, processing(0), completedRow(0), preview(0, 7), preview(1, 1)),
      [null, [1, 8]],
    ],
  ])('%s', (_name, state, expected) => {
    expect(previews(state)).toEqual(expected);
  });

  it('shows the preview as a WebP data URL without moving status or progress', () => {
    const before = run(1, processing(0));
    const after = generationFlowReducer(before, preview(0, 2));
    expect(after).toMatchObject({
      status: before.status,
      progress: (before as { progress: number }).progress,
    });
    expect(after).toHaveProperty('images.0.preview.src', `data:image/webp;base64,${WEBP}2`);
    expect(generationFlowReducer(after, preview(0, 1))).toBe(after);
  });

  it('keeps a finished image of a batch over its preview, and completes without previews', () => {
    const partly = run(2, preview(0, 3), preview(1, 3), completedRow(0), result(0));
    expect(partly).toMatchObject({ status: 'processing' });
    expect(partly).toHaveProperty('images.0.preview.step', 3);
    expect(partly).toHaveProperty('images.0.imageSrc', `data:image/png;base64,${PNG_BASE64}`);
    const done = run(2, preview(0, 3), completedRow(0), result(0), completedRow(1), result(1));
    expect(done.status).toBe('completed');
    expect(generationFlowReducer(done, preview(1, 5))).toBe(done);
    expect(done).not.toHaveProperty('images.0.preview');
  });
});
