import { useCallback, useRef, useState } from 'react';
import { generationFlowReducer } from '../flow/generation-flow-reducer';
import {
  INITIAL_GENERATION_FLOW_STATE,
  type GenerationFlowAction,
  type GenerationFlowState,
} from '../flow/generation-flow-state';

/** A state change of the flow: what it was and what the action made of it. */
export interface FlowTransition {
  before: GenerationFlowState;
  after: GenerationFlowState;
}

export type FlowDispatch = (action: GenerationFlowAction) => FlowTransition;

/**
 * The generation flow reducer applied at once rather than at the next render: a handler reads
 * what the last action made (`read`), and the caller of `dispatch` sees the transition, so the
 * work a transition calls for (a submit, the completion) starts where the action was sent.
 */
export function useFlowReducer() {
  const [state, setState] = useState<GenerationFlowState>(INITIAL_GENERATION_FLOW_STATE);
  const latest = useRef(state);
  const dispatch = useCallback<FlowDispatch>((action) => {
    const before = latest.current;
    const after = generationFlowReducer(before, action);
    latest.current = after;
    setState(after);
    return { before, after };
  }, []);
  const read = useCallback(() => latest.current, []);
  return { state, dispatch, read };
}
