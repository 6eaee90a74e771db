import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { RealtimeClient } from '../../../lib/realtime';
import { useCancelGeneration } from '../api/cancel-generation';
import { generationsQueryKey } from '../api/get-generations';
import { isGenerationRunning } from '../flow/generation-flow-reducer';
import type { GenerationFlowAction } from '../flow/generation-flow-state';
import type { DeriveRequest, GenerationRequestOptions } from '../types';
import { createIdempotencyKey } from '../utils/idempotency-key';
import { useFlowReducer, type FlowTransition } from './use-flow-reducer';
import { useGenerationChannel } from './use-generation-channel';
import { useGenerationSubmit } from './use-generation-submit';
import { useResultFallback } from './use-result-fallback';
import { useSimulatedProgress } from './use-simulated-progress';

export interface UseGenerationFlowOptions {
  realtimeClient: RealtimeClient;
  /** Called once per generation that reached its image. */
  onCompleted?: () => void;
}

/** A new attempt that sends a request: a submit, or a Try Again that cannot resume a channel. */
function submitToSend({ before, after }: FlowTransition) {
  return after.status === 'submitting' && after.attempt !== before.attempt ? after : null;
}

function completes({ before, after }: FlowTransition) {
  return after.status === 'completed' && before.status !== 'completed';
}

/**
 * Spec §4's generation flow as the modal drives it: the reducer's state, the submit and the
 * cancel as mutations started by the actions that call for them, and the effects that belong to
 * one state (the simulated-progress ticker, the generation:{requestId} channel, the read of a
 * late result), so leaving that state (cancel, failure, completion, unmount) stops them.
 */
export function useGenerationFlow({ realtimeClient, onCompleted }: UseGenerationFlowOptions) {
  const queryClient = useQueryClient();
  const { mutate: cancelRemote } = useCancelGeneration();
  const { state, dispatch, read } = useFlowReducer();
  const { send, cancel: cancelSubmit } = useGenerationSubmit({ dispatch, read, cancelRemote });
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  });

  const apply = useCallback(
    (action: GenerationFlowAction) => {
      const transition = dispatch(action);
      const submit = submitToSend(transition);
      if (submit) send(submit);
      if (completes(transition)) {
        void queryClient.invalidateQueries({ queryKey: generationsQueryKey });
        onCompletedRef.current?.();
      }
    },
    [dispatch, send, queryClient],
  );
  useSimulatedProgress(state, dispatch);
  useGenerationChannel(state, realtimeClient, apply);
  useResultFallback(state, apply);

  /** A user submit: the reducer ignores a blank prompt or one while a start is in progress. */
  const start = useCallback(
    (prompt: string, options?: GenerationRequestOptions, derive?: DeriveRequest) =>
      apply({ type: 'submit', prompt, options, derive, idempotencyKey: createIdempotencyKey() }),
    [apply],
  );
  /** Try Again restarts the last request without charging twice (see FailureKind). */
  const retry = useCallback(
    () => apply({ type: 'retry', idempotencyKey: createIdempotencyKey() }),
    [apply],
  );
  /** Spec §4 Cancel, and the server stops the submit and refunds what it had not made. */
  const cancel = useCallback(() => {
    const current = read();
    if (isGenerationRunning(current)) {
      if (current.status === 'submitting') cancelSubmit(current.attempt);
      else cancelRemote(current.requestId);
    }
    apply({ type: 'cancel' });
  }, [read, cancelSubmit, cancelRemote, apply]);
  /** Back to the input step with nothing running (Generate Again, closing the modal). */
  const reset = useCallback(() => apply({ type: 'reset' }), [apply]);

  return { state, start, retry, cancel, reset };
}
