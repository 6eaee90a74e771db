import { describe, expect, it } from 'vitest';
import { generationFlowReducer } from './generation-flow-reducer';
import type { GenerationFlowState } from './generation-flow-state';
import type { DeriveRequest } from '../types';

const ACTION = { kind: 'inpaint', mask: 'data:image/png;base64,AAAA', strength: 0.9 } as const;

function submitInpaint(state: GenerationFlowState, derive: DeriveRequest) {
  return generationFlowReducer(state, {
    type: 'submit',
    prompt: 'a red door',
    idempotencyKey: 'key-1',
    derive,
  });
}

describe('generation flow: a region repainted by the mask editor', () => {
  it('follows the request the editor sent instead of sending it again', () => {
    const next = submitInpaint({ status: 'completed', attempt: 1 } as GenerationFlowState, {
      sourceId: 'gen-1',
      action: { ...ACTION, requestId: 'req-9' },
    });
    expect(next).toMatchObject({
      status: 'subscribing',
      attempt: 2,
      requestId: 'req-9',
      derive: { sourceId: 'gen-1', action: ACTION },
    });
    expect(next.status === 'subscribing' && 'requestId' in next.derive!.action).toBe(false);
  });

  it('sends it itself when no request id comes with it, and on Try Again after a failed image', () => {
    const sent = submitInpaint(
      { status: 'idle', attempt: 0 },
      { sourceId: 'gen-1', action: ACTION },
    );
    expect(sent).toMatchObject({ status: 'submitting', derive: { action: ACTION } });
    const followed = submitInpaint(
      { status: 'idle', attempt: 0 },
      { sourceId: 'gen-1', action: { ...ACTION, requestId: 'req-9' } },
    );
    const failed = { ...followed, status: 'failed', kind: 'generation', error: 'x' };
    const retried = generationFlowReducer(failed as GenerationFlowState, {
      type: 'retry',
      idempotencyKey: 'key-2',
    });
    expect(retried).toMatchObject({
      status: 'submitting',
      idempotencyKey: 'key-2',
      derive: { action: ACTION },
    });
  });
});
