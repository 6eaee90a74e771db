import { useEffect } from 'react';
import { getGeneration } from '../api/get-generation';
import type { GenerationFlowAction, GenerationFlowState } from '../flow/generation-flow-state';

/** If the `completed` update arrives but its `result` event does not, read the row after this. */
export const RESULT_FALLBACK_DELAY_MS = 5_000;

type Dispatch = (action: GenerationFlowAction) => unknown;

/** Reads the row once; the realtime events stay the main path, so a failed read changes nothing. */
function readRow(id: string, signal: AbortSignal, dispatch: Dispatch) {
  getGeneration(id, signal).then(
    (row) => {
      if (!signal.aborted) dispatch({ type: 'row', row });
    },
    () => {},
  );
}

/**
 * The ids of the images whose row completed but whose picture has not come: the request id names
 * image 0, the others are read by the id their events gave.
 */
function waitingIds(state: GenerationFlowState): string | null {
  if (state.status !== 'finalizing') return null;
  return state.images
    .filter((image) => image.status === 'completed' && !image.imageSrc)
    .map((image) => (image.index === 0 ? state.requestId : image.generationId))
    .filter((id): id is string => id !== null)
    .join(' ');
}

/** While finalizing, reads each image still waiting for its picture once the delay has passed. */
export function useResultFallback(state: GenerationFlowState, dispatch: Dispatch) {
  const finalizingIds = waitingIds(state);
  useEffect(() => {
    if (!finalizingIds) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      for (const id of finalizingIds.split(' ')) readRow(id, controller.signal, dispatch);
    }, RESULT_FALLBACK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [finalizingIds, dispatch]);
}
