import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { submitGeneration } from '../api/submit-generation';
import { modelsQueryKey } from '../api/get-models';
import type { GenerationFlowState } from '../flow/generation-flow-state';
import { submitFailure } from '../flow/submit-failure';
import type { FlowDispatch } from './use-flow-reducer';

type Submitting = Extract<GenerationFlowState, { status: 'submitting' }>;

/** The submit in flight, which leaving the modal aborts. */
interface InFlight {
  attempt: number;
  controller: AbortController;
}

/**
 * The flow's submit as a mutation (Generate, Vary, Upscale, and Try Again's new submit): one
 * Idempotency-Key per attempt, reused by the client's automatic retries. An answer reaches the
 * flow only while its attempt is the current one; a submit cancelled before its request id was
 * known is let answer and then cancelled, since it may already have reached the server.
 */
export function useGenerationSubmit({
  dispatch,
  read,
  cancelRemote,
}: {
  dispatch: FlowDispatch;
  read: () => GenerationFlowState;
  cancelRemote: (requestId: string) => void;
}) {
  const queryClient = useQueryClient();
  const cancelled = useRef(new Set<number>());
  const inFlight = useRef<InFlight | null>(null);
  const { mutate } = useMutation({
    mutationFn: submitGeneration,
    // Sent whatever the browser thinks of the network: an offline submit fails as a network
    // error (Try Again keeps its key) rather than waiting, paused, under a running progress bar.
    networkMode: 'always',
    onSuccess: ({ requestId }, { attempt }) => {
      if (cancelled.current.has(attempt)) cancelRemote(requestId);
      else if (read().attempt === attempt) dispatch({ type: 'submitted', requestId });
    },
    onError: (error, { attempt }) => {
      if (cancelled.current.has(attempt) || read().attempt !== attempt) return;
      const failure = submitFailure(error);
      // The catalog changed (a model gone or no longer served): read it again for the picker.
      if (failure.refused === 'model')
        void queryClient.invalidateQueries({ queryKey: modelsQueryKey });
      dispatch(failure);
    },
  });
  useEffect(() => () => inFlight.current?.controller.abort(), []);

  const send = useCallback(
    ({ attempt, prompt, options, idempotencyKey, derive }: Submitting) => {
      const controller = new AbortController();
      inFlight.current = { attempt, controller };
      mutate({
        attempt,
        prompt,
        options,
        idempotencyKey,
        derive: derive ?? null,
        signal: controller.signal,
      });
    },
    [mutate],
  );
  /** Cancel while the submit is in flight: not aborted, its request id is cancelled on arrival. */
  const cancel = useCallback((attempt: number) => {
    cancelled.current.add(attempt);
    if (inFlight.current?.attempt === attempt) inFlight.current = null;
  }, []);
  return { send, cancel };
}
