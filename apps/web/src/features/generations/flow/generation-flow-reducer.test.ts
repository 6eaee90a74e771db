import { describe, expect, it } from 'vitest';
import {
  cancelled,
  completed,
  failed,
  finalizing,
  GENERATING,
  ID,
  idle,
  KEY,
  images,
  NEW_KEY,
  PREPARING,
  processing,
  queued,
  result,
  run,
  submitting,
  subscribing,
  table,
  tick,
  update,
  WAITING_FOR_GENERATOR,
} from '../../../../test/features/generations/generation-flow-states';
import { generationFlowReducer } from './generation-flow-reducer';
import type { GenerationFlowAction, GenerationFlowState } from './generation-flow-state';

describe('generation flow: submit', () => {
  const submit = (prompt: string): GenerationFlowAction => ({
    type: 'submit',
    prompt,
    idempotencyKey: KEY,
  });
  table([
    [
      'idle → submitting, trimmed prompt',
      { status: 'idle', attempt: 0 },
      submit(' owl '),
      submitting(),
    ],
    ['cancelled → submitting', { status: 'cancelled', attempt: 0 }, submit('owl'), submitting()],
    ['a blank prompt is ignored', idle, submit('   '), idle],
    ['a second submit while one runs is ignored', submitting(12), submit('bat'), submitting(12)],
    [
      'answered → subscribing with the request id',
      submitting(12),
      { type: 'submitted', requestId: ID },
      subscribing(12),
    ],
    [
      'an answer after cancel is ignored',
      cancelled,
      { type: 'submitted', requestId: ID },
      cancelled,
    ],
    [
      'a retryable failure → failed (network)',
      submitting(),
      { type: 'submitFailed', message: 'offline', retryable: true },
      failed('network', 'offline', null),
    ],
    [
      'another failure → failed (request)',
      submitting(),
      { type: 'submitFailed', message: 'refused', retryable: false },
      failed('request', 'refused', null),
    ],
  ]);
});

describe('generation flow: simulated progress (spec §4 phases, cap 90)', () => {
  table([
    ['aggregation: at least 2 per tick', submitting(0), tick(0), submitting(2)],
    [
      'at most 8 per tick, into queuing',
      subscribing(20),
      tick(0.5),
      subscribing(25, WAITING_FOR_GENERATOR),
    ],
    ['inference: 60% of the increment', subscribing(60), tick(0.5), subscribing(63, GENERATING)],
    ['inference: still at least 2', subscribing(60), tick(0), subscribing(62, GENERATING)],
    [
      'never past the cap of 90',
      subscribing(88),
      tick(0.999),
      subscribing(90, 'Adding the finishing touches...'),
    ],
    ['queued: held below 50', queued(45), tick(0.5), queued(49)],
    ['queued: stays held at 49', queued(49), tick(0.999), queued(49)],
    ['queued: never moves back either', queued(52), tick(0.5), queued(52)],
    ['real progress replaces the simulation', processing(80), tick(0.999), processing(80)],
    ['no simulation while finalizing', finalizing(), tick(0.999), finalizing()],
    ['no simulation when idle', idle, tick(0.5), idle],
  ]);
});
describe('generation flow: Try Again, Cancel, reset', () => {
  const retry: GenerationFlowAction = { type: 'retry', idempotencyKey: NEW_KEY };
  const restarted = { ...run, images, attempt: 2, progress: 0, message: PREPARING };
  table([
    [
      'a failed generation → new submit, new key',
      failed('generation'),
      retry,
      { ...restarted, status: 'submitting', idempotencyKey: NEW_KEY },
    ],
    [
      'a refused request → new submit, new key',
      failed('request', 'x', null),
      retry,
      { ...restarted, status: 'submitting', idempotencyKey: NEW_KEY },
    ],
    [
      'a network failure → same key',
      failed('network', 'x', null),
      retry,
      { ...restarted, status: 'submitting' },
    ],
    [
      'a lost channel → same request id',
      failed('subscription'),
      retry,
      { ...restarted, status: 'subscribing', requestId: ID },
    ],
    [
      'a timed-out channel → same request id',
      failed('timed_out'),
      retry,
      { ...restarted, status: 'subscribing', requestId: ID },
    ],
    ['nothing to retry when idle', idle, retry, idle],
    ['Cancel while submitting → cancelled', submitting(12), { type: 'cancel' }, cancelled],
    ['Cancel while queued → cancelled', queued(), { type: 'cancel' }, cancelled],
    ['Cancel while finalizing → cancelled', finalizing(), { type: 'cancel' }, cancelled],
    ['Cancel does not undo a completion', completed(), { type: 'cancel' }, completed()],
    ['reset from completed → idle', completed(), { type: 'reset' }, idle],
    ['reset from failed → idle', failed('generation'), { type: 'reset' }, idle],
  ]);
});

it('runs spec §4 end to end: submit, simulate, queued, processing, completed, result', () => {
  const actions: GenerationFlowAction[] = [
    { type: 'submit', prompt: 'owl', idempotencyKey: KEY },
    tick(0.5),
    { type: 'submitted', requestId: ID },
    update({ queue_position: 1 }),
    update({ status: 'processing', progress: 0.1 }),
    update({ status: 'completed' }),
    result('completed'),
  ];
  const seen = actions.reduce<GenerationFlowState[]>(
    (states, action) => [...states, generationFlowReducer(states.at(-1) ?? idle, action)],
    [{ status: 'idle', attempt: 0 }],
  );
  expect(seen.map((state) => [state.status, 'progress' in state ? state.progress : null])).toEqual([
    ['idle', null],
    ['submitting', 0],
    ['submitting', 5],
    ['subscribing', 5],
    ['queued', 5],
    ['processing', 72],
    ['finalizing', 95],
    ['completed', 100],
  ]);
});
