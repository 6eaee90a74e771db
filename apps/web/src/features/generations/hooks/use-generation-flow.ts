import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { SIMULATED_PROGRESS_TICK_MS } from '@nocturne/contract/constants';
import { channels } from '@nocturne/contract/realtime/channels';
import type { ProductErrorCode } from '@nocturne/contract/errors/product-errors';
import { isApiError } from '../../../lib/api-client';
import type { RealtimeClient } from '../../../lib/realtime';
import { useCancelGeneration } from '../api/cancel-generation';
import { createGeneration } from '../api/create-generation';
import { deriveGeneration } from '../api/derive-generation';
import { getGeneration } from '../api/get-generation';
import { generationsQueryKey } from '../api/get-generations';
import { modelsQueryKey } from '../api/get-models';
import { generationFlowReducer, isGenerationRunning } from '../flow/generation-flow-reducer';
import {
  GENERATION_MESSAGES,
  INITIAL_GENERATION_FLOW_STATE,
  type GenerationFlowAction,
  type GenerationRequestOptions,
  type RefusedField,
} from '../flow/generation-flow-state';
import type { DeriveRequest } from '../utils/derive-actions';
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

const MODEL_ERRORS: ReadonlySet<string> = new Set<ProductErrorCode>([
  'MODEL_REQUIRES_PREMIUM',
  'UNKNOWN_MODEL',
  'MODEL_UNAVAILABLE',
]);

/** Refusals of the prompt itself: by a content rule, or written in a language not read yet. */
const PROMPT_ERRORS: ReadonlySet<string> = new Set<ProductErrorCode>([
  'CONTENT_POLICY_VIOLATION',
  'PROMPT_LANGUAGE_UNSUPPORTED',
]);

/** A submit the server refused for its prompt or its model: the person changes that first. */
function refusedField(error: unknown): RefusedField | undefined {
  if (!isApiError(error)) return undefined;
  if (PROMPT_ERRORS.has(error.code)) return 'prompt';
  return MODEL_ERRORS.has(error.code) ? 'model' : undefined;
}

/** Reads the row once; the realtime events stay the main path, so a failed read changes nothing. */
function readRow(id: string, signal: AbortSignal, dispatch: Dispatch<GenerationFlowAction>) {
  getGeneration(id, signal).then(
    (row) => {
      if (!signal.aborted) dispatch({ type: 'row', row });
    },
    () => {},
  );
}

/**
 * Runs the effects of the generation flow reducer: the POST (one Idempotency-Key per submit,
 * reused by its automatic retries), the simulated-progress ticker, the generation:{requestId}
 * channel (its join carries the row), and the completion callback. Every effect belongs to one
 * state, so leaving that state (cancel, failure, completion, unmount) stops it.
 */
export function useGenerationFlow({
  realtimeClient,
  onCompleted,
  random = Math.random,
}: UseGenerationFlowOptions) {
  const queryClient = useQueryClient();
  const cancelRemote = useCancelGeneration();
  const [state, dispatch] = useReducer(generationFlowReducer, INITIAL_GENERATION_FLOW_STATE);
  const onCompletedRef = useRef(onCompleted);
  const randomRef = useRef(random);
  const stateRef = useRef(state);
  /** The attempt cancelled while its POST was in flight: its request id is cancelled on arrival. */
  const cancelledSubmitRef = useRef<number | null>(null);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
    randomRef.current = random;
    stateRef.current = state;
  });

  const { attempt } = state;
  const simulating = ['submitting', 'subscribing', 'queued'].includes(state.status);
  const submitPrompt = state.status === 'submitting' ? state.prompt : null;
  const submitOptions = state.status === 'submitting' ? state.options : null;
  const submitKey = state.status === 'submitting' ? state.idempotencyKey : null;
  const submitDerive = state.status === 'submitting' ? state.derive : null;
  const channelId =
    isGenerationRunning(state) && state.status !== 'submitting' ? state.requestId : null;
  // The fallback reads each image still waiting for its picture (the request id names image 0;
  // the others are read by the id their events gave).
  const finalizingIds =
    state.status === 'finalizing'
      ? state.images
          .filter((image) => image.status === 'completed' && !image.imageSrc)
          .map((image) => (image.index === 0 ? state.requestId : image.generationId))
          .filter((id): id is string => id !== null)
          .join(' ')
      : null;
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
    if (submitPrompt === null || submitKey === null || submitOptions === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    let left = false;
    const submitting = submitDerive
      ? deriveGeneration({ ...submitDerive, idempotencyKey: submitKey, signal })
      : createGeneration({
          prompt: submitPrompt,
          options: submitOptions,
          idempotencyKey: submitKey,
          signal,
        });
    submitting.then(
      ({ requestId }) => {
        if (cancelledSubmitRef.current === attempt) void cancelRemote(requestId);
        else if (!left) dispatch({ type: 'submitted', requestId });
      },
      (error: unknown) => {
        if (left) return;
        const message = error instanceof Error ? error.message : GENERATION_MESSAGES.failed;
        const refused = refusedField(error);
        // The catalog changed (a model gone or no longer served): read it again for the picker.
        if (refused === 'model') void queryClient.invalidateQueries({ queryKey: modelsQueryKey });
        dispatch({
          type: 'submitFailed',
          message,
          retryable: isApiError(error) && error.retryable,
          refused,
          code: isApiError(error) ? error.code : undefined,
        });
      },
    );
    return () => {
      left = true;
      // A cancelled POST may already have reached the server: let it answer, then cancel that.
      if (cancelledSubmitRef.current !== attempt) controller.abort();
    };
  }, [attempt, submitPrompt, submitKey, submitOptions, submitDerive, cancelRemote, queryClient]);

  useEffect(() => {
    if (!channelId) return;
    const controller = new AbortController();
    const unsubscribe = realtimeClient.subscribe(
      channels.generation(channelId),
      (event) => {
        if (!controller.signal.aborted) dispatch({ type: 'realtime', event });
      },
      (status, _reason, snapshot) => {
        if (controller.signal.aborted) return;
        // Joined (or joined again): the row as of the join, so a change before it is not missed.
        if (status === 'SUBSCRIBED') {
          if (snapshot) dispatch({ type: 'row', row: snapshot });
        } else dispatch({ type: 'channel', status });
      },
    );
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [attempt, channelId, realtimeClient]);

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
  }, [finalizingIds]);

  useEffect(() => {
    if (completedAttempt === null) return;
    void queryClient.invalidateQueries({ queryKey: generationsQueryKey });
    onCompletedRef.current?.();
  }, [completedAttempt, queryClient]);

  /** A user submit: the reducer ignores a blank prompt or one while a start is in progress. */
  const start = useCallback(
    (prompt: string, options?: GenerationRequestOptions, derive?: DeriveRequest) =>
      dispatch({ type: 'submit', prompt, options, derive, idempotencyKey: createIdempotencyKey() }),
    [],
  );
  /** Try Again restarts the last request without charging twice (see FailureKind). */
  const retry = useCallback(
    () => dispatch({ type: 'retry', idempotencyKey: createIdempotencyKey() }),
    [],
  );
  /** Spec §4 Cancel, and the server stops the submit and refunds what it had not made. */
  const cancel = useCallback(() => {
    const current = stateRef.current;
    if (isGenerationRunning(current)) {
      if (current.status === 'submitting') cancelledSubmitRef.current = current.attempt;
      else void cancelRemote(current.requestId);
    }
    dispatch({ type: 'cancel' });
  }, [cancelRemote]);
  /** Back to the input step with nothing running (Generate Again, closing the modal). */
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, start, retry, cancel, reset };
}
