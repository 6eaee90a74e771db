import { useEffect } from 'react';
import { SIMULATED_PROGRESS_TICK_MS } from '@nocturne/contract/constants';
import type { GenerationFlowState } from '../flow/generation-flow-state';
import type { FlowDispatch } from './use-flow-reducer';

const SIMULATED = ['submitting', 'subscribing', 'queued'];

/** Ticks the simulated progress while a submit waits for real progress (decision 007). */
export function useSimulatedProgress(state: GenerationFlowState, dispatch: FlowDispatch) {
  const simulating = SIMULATED.includes(state.status);
  const { attempt } = state;
  useEffect(() => {
    if (!simulating) return;
    const timer = setInterval(
      () => dispatch({ type: 'tick', random: Math.random() }),
      SIMULATED_PROGRESS_TICK_MS,
    );
    return () => clearInterval(timer);
  }, [simulating, attempt, dispatch]);
}
