import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { SIMULATED_PROGRESS_TICK_MS } from '@nocturne/contract/constants';
import { channels } from '@nocturne/contract/realtime/channels';
import { isApiError } from '../../../lib/api-client';
import type { RealtimeClient } from '../../../lib/realtime';
import { createGeneration } from '../api/create-generation';
import { getGeneration } from '../api/get-generation';
import { generationsQueryKey } from '../api/get-generations';
import { generationFlowReducer, isGenerationRunning } from '../flow/generation-flow-reducer';
import {
  GENERATION_MESSAGES,
  INITIAL_GENERATION_FLOW_STATE,
  type GenerationFlowAction,
} from '../flow/generation-flow-state';
import { createIdempotencyKey } from '../utils/idempotency-key';

/** If the `completed` update arrives but its `result` event does not, read the row after this. */
export const RESULT_FALLBACK_DELAY_MS = 5_000;

export interface UseGenerationFlowOptions {
  realtimeClient: RealtimeClient;
  /** Called once per generation that reached its image. */
  onCompleted?: () => void;
  /** [0, 1) source of the simulated increments and retry jitter; injectable for tests. */
  random?: () => number;
}

/** Reads the row once; the realtime events stay the main path, so a failed read changes nothing. */
function readRow(requestId: string, signal: AbortSignal, dispatch: Dispatch<GenerationFlowAction>) {
  getGeneration(requestId, signal).then(
    (row) => {
      if (!signal.aborted) dispatch({ type: 'row', row });
    },
    () => {},
  );
}

/**
 * Runs the effects of the generation flow reducer: the POST (one Idempotency-Key per submit,
 * reused by its automatic retries), the simulated-progress ticker, the generation:{requestId}
 * channel with a row read once joined, and the completion callback. Every effect belongs to one
 * state, so leaving that state (cancel, failure, completion, unmount) stops it.
 */
export function useGenerationFlow({
  realtimeClient,
  onCompleted,
  random = Math.random,
}: UseGenerationFlowOptions) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(generationFlowReducer, INITIAL_GENERATION_FLOW_STATE);
  const onCompletedRef = useRef(onCompleted);
  const randomRef = useRef(random);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
    randomRef.current = random;
  });

  const { attempt } = state;
  const simulating = ['submitting', 'subscribing', 'queued'].includes(state.status);
  const submitPrompt = state.status === 'submitting' ? state.prompt : null;
  const submitKey = state.status === 'submitting' ? state.idempotencyKey : null;
  const channelId =
    isGenerationRunning(state) && state.status !== 'submitting' ? state.requestId : null;
  const finalizingId = state.status === 'finalizing' ? state.requestId : null;
  const completedAttempt = state.status === 'completed' ? attempt : null;

  useEffect(() => {
    if (!simulating) return;
    const timer = setInterval(
      () => dispatch({ type: 'tick', random: randomRef.current() }),
      SIMULATED_PROGRESS_TICK_MS,
    );
    return () => clearInterval(timer);
  }, [simulating, attempt]);

  useEffect(() => {
    if (submitPrompt === null || submitKey === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    createGeneration({ prompt: submitPrompt, idempotencyKey: submitKey, signal }).then(
      ({ requestId }) => {
        if (!signal.aborted) dispatch({ type: 'submitted', requestId });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        const message = error instanceof Error ? error.message : GENERATION_MESSAGES.failed;
        dispatch({
          type: 'submitFailed',
          message,
          retryable: isApiError(error) && error.retryable,
        });
      },
    );
    return () => controller.abort();
  }, [attempt, submitPrompt, submitKey]);

  useEffect(() => {
    if (!channelId) return;
    const controller = new AbortController();
    const unsubscribe = realtimeClient.subscribe(
      channels.generation(channelId),
      (event) => {
        if (!controller.signal.aborted) dispatch({ type: 'realtime', event });
      },
      (status) => {
        if (controller.signal.aborted) return;
        // Joined (or joined again): a change from before the join must not be missed.
        if (status === 'SUBSCRIBED') readRow(channelId, controller.signal, dispatch);
        else dispatch({ type: 'channel', status });
      },
    );
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [attempt, channelId, realtimeClient]);

  useEffect(() => {
    if (!finalizingId) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => readRow(finalizingId, controller.signal, dispatch),
      RESULT_FALLBACK_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [finalizingId]);

  useEffect(() => {
    if (completedAttempt === null) return;
    void queryClient.invalidateQueries({ queryKey: generationsQueryKey });
    onCompletedRef.current?.();
  }, [completedAttempt, queryClient]);

  /** A user submit: the reducer ignores a blank prompt or one while a start is in progress. */
  const start = useCallback(
    (prompt: string) =>
      dispatch({ type: 'submit', prompt, idempotencyKey: createIdempotencyKey() }),
    [],
  );
  /** Try Again restarts the last request without charging twice (see FailureKind). */
  const retry = useCallback(
    () => dispatch({ type: 'retry', idempotencyKey: createIdempotencyKey() }),
    [],
  );
  const cancel = useCallback(() => dispatch({ type: 'cancel' }), []);
  /** Back to the input step with nothing running (Generate Again, closing the modal). */
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, start, retry, cancel, reset };
}
