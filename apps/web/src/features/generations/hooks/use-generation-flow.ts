import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  COMPLETED_PROGRESS_FLOOR,
  PROCESSING_PROGRESS_FLOOR,
  PROGRESS_PHASES,
  SIMULATED_PROGRESS_CAP,
  SIMULATED_PROGRESS_TICK_MS,
} from '@nocturne/contract/constants';
import { isBase64Image } from '@nocturne/contract/generations/base64-image';
import {
  generationResultEventSchema,
  generationUpdateEventSchema,
  type GenerationUpdateEvent,
} from '@nocturne/contract/generations/generation-events';
import {
  getPhaseMessage,
  nextSimulatedProgress,
} from '@nocturne/contract/generations/simulated-progress';
import { channels } from '@nocturne/contract/realtime/channels';
import { isApiError } from '../../../lib/api-client';
import type { RealtimeClient } from '../../../lib/realtime';
import { createGenerationWithRetry } from '../api/create-generation';
import { getGeneration } from '../api/get-generation';
import { generationsQueryKey } from '../api/get-generations';
import { createIdempotencyKey } from '../utils/idempotency-key';
import { base64ToDataUrl, generationImageUrl } from '../utils/image-url';

export const GENERATION_MESSAGES = {
  queued: 'Waiting in queue',
  processing: 'AI is generating your image...',
  finalizing: 'Generation complete, finalizing...',
  success: 'Image generated successfully!',
  cancelled: 'Generation cancelled',
  failed: 'Generation failed. Please try again.',
  subscribeFailed: 'Failed to subscribe to generation updates',
  subscribeTimedOut: 'Subscription timed out',
} as const;

/** If the `completed` update arrives but its `result` event does not, read the row after this. */
export const RESULT_FALLBACK_DELAY_MS = 5_000;

export type GenerationFlowStatus = 'idle' | 'generating' | 'completed' | 'error';

export interface GenerationFlowState {
  status: GenerationFlowStatus;
  /** 0-100 */
  progress: number;
  message: string | null;
  queuePosition: number | null;
  requestId: string | null;
  /** data: URL of the result, or its image-host URL when it was recovered by GET. */
  imageSrc: string | null;
  error: string | null;
}

export const INITIAL_GENERATION_STATE: GenerationFlowState = {
  status: 'idle',
  progress: 0,
  message: null,
  queuePosition: null,
  requestId: null,
  imageSrc: null,
  error: null,
};

/** What went wrong last, so Try Again repeats the right thing without charging twice. */
type FailureKind = 'request' | 'network' | 'subscription' | 'generation';

interface Run {
  controller: AbortController;
  prompt: string;
  idempotencyKey: string;
  requestId: string | null;
  progress: number;
  /** The server reported processing or completed: the simulation stops (spec §4). */
  realProgress: boolean;
  queued: boolean;
  done: boolean;
  tick?: ReturnType<typeof setInterval>;
  resultFallback?: ReturnType<typeof setTimeout>;
  unsubscribe?: () => void;
}

interface LastAttempt {
  prompt: string;
  idempotencyKey: string;
  requestId: string | null;
  failure: FailureKind | null;
}

export interface UseGenerationFlowOptions {
  realtimeClient: RealtimeClient;
  /** Called once per generation that reached its image. */
  onCompleted?: () => void;
  /** [0, 1) source of the simulated increments; injectable for tests. */
  random?: () => number;
}

/**
 * Spec §4 client generation flow: idle → generating (POST, simulated progress, realtime
 * generation:{requestId}) → completed with the image, or error; cancel goes back to idle.
 *
 * Real progress: `processing` jumps to at least 70; a reported fraction p (0..1) maps to
 * 70 + 20·p, so it stays inside the processing band and under the simulation cap of 90 until the
 * `completed` update (≥ 95) and the `result` event (100).
 */
export function useGenerationFlow({
  realtimeClient,
  onCompleted,
  random = Math.random,
}: UseGenerationFlowOptions) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationFlowState>(INITIAL_GENERATION_STATE);
  const runRef = useRef<Run | null>(null);
  const lastRef = useRef<LastAttempt | null>(null);
  const onCompletedRef = useRef(onCompleted);
  const randomRef = useRef(random);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
    randomRef.current = random;
  });

  const stopRun = useCallback((run: Run) => {
    clearInterval(run.tick);
    clearTimeout(run.resultFallback);
    run.controller.abort();
    const unsubscribe = run.unsubscribe;
    run.unsubscribe = undefined;
    unsubscribe?.();
    if (runRef.current === run) runRef.current = null;
  }, []);

  useEffect(
    () => () => {
      if (runRef.current) stopRun(runRef.current);
    },
    [stopRun],
  );

  const update = useCallback((run: Run, patch: Partial<GenerationFlowState>) => {
    if (runRef.current !== run) return;
    if (patch.progress !== undefined) run.progress = patch.progress;
    setState((current) => ({ ...current, ...patch }));
  }, []);

  const fail = useCallback(
    (run: Run, message: string, kind: FailureKind) => {
      if (runRef.current !== run) return;
      if (lastRef.current) lastRef.current.failure = kind;
      setState((current) => ({ ...current, status: 'error', error: message, queuePosition: null }));
      run.done = true;
      stopRun(run);
    },
    [stopRun],
  );

  const finish = useCallback(
    (run: Run, imageSrc: string) => {
      if (runRef.current !== run || run.done) return;
      run.done = true;
      if (lastRef.current) lastRef.current.failure = null;
      setState((current) => ({
        ...current,
        status: 'completed',
        progress: 100,
        message: GENERATION_MESSAGES.success,
        queuePosition: null,
        imageSrc,
        error: null,
      }));
      stopRun(run);
      void queryClient.invalidateQueries({ queryKey: generationsQueryKey });
      onCompletedRef.current?.();
    },
    [queryClient, stopRun],
  );

  const applyUpdate = useCallback(
    (run: Run, event: Pick<GenerationUpdateEvent, 'status' | 'queue_position' | 'progress'>) => {
      if (run.done) return;
      switch (event.status) {
        case 'queued': {
          run.queued = true;
          update(run, {
            ...(run.realProgress ? {} : { message: GENERATION_MESSAGES.queued }),
            queuePosition: event.queue_position ?? null,
          });
          return;
        }
        case 'processing': {
          run.realProgress = true;
          run.queued = false;
          const reported =
            typeof event.progress === 'number'
              ? PROCESSING_PROGRESS_FLOOR +
                event.progress * (SIMULATED_PROGRESS_CAP - PROCESSING_PROGRESS_FLOOR)
              : 0;
          const progress = Math.min(
            SIMULATED_PROGRESS_CAP,
            Math.max(run.progress, PROCESSING_PROGRESS_FLOOR, reported),
          );
          update(run, {
            progress: Math.max(run.progress, progress),
            message: GENERATION_MESSAGES.processing,
            queuePosition: null,
          });
          return;
        }
        case 'completed': {
          run.realProgress = true;
          update(run, {
            progress: Math.max(run.progress, COMPLETED_PROGRESS_FLOOR),
            message: GENERATION_MESSAGES.finalizing,
            queuePosition: null,
          });
          return;
        }
        case 'failed':
          fail(run, GENERATION_MESSAGES.failed, 'generation');
          return;
      }
    },
    [fail, update],
  );

  /** Reads the row once: catches a result that finished before the join or while disconnected. */
  const readRow = useCallback(
    async (run: Run) => {
      const requestId = run.requestId;
      if (!requestId || run.done) return;
      try {
        const row = await getGeneration(requestId, run.controller.signal);
        if (run.done || runRef.current !== run) return;
        if (row.status === 'completed' && row.result_image_url) {
          finish(run, generationImageUrl(row.result_image_url));
        } else if (row.status !== 'completed') {
          applyUpdate(run, { status: row.status });
        }
      } catch {
        // The realtime events remain the main path; a failed read changes nothing.
      }
    },
    [applyUpdate, finish],
  );

  const subscribe = useCallback(
    (run: Run, requestId: string) => {
      run.requestId = requestId;
      run.unsubscribe = realtimeClient.subscribe(
        channels.generation(requestId),
        (event, payload) => {
          if (run.done || runRef.current !== run) return;
          if (event === 'update') {
            const parsed = generationUpdateEventSchema.safeParse(payload);
            if (!parsed.success || parsed.data.request_id !== requestId) return;
            applyUpdate(run, parsed.data);
            if (parsed.data.status === 'completed') {
              clearTimeout(run.resultFallback);
              run.resultFallback = setTimeout(() => void readRow(run), RESULT_FALLBACK_DELAY_MS);
            }
          } else if (event === 'result') {
            const parsed = generationResultEventSchema.safeParse(payload);
            if (!parsed.success || parsed.data.request_id !== requestId) return;
            const { status, result_base64: base64 } = parsed.data;
            if (status === 'completed' && base64 && isBase64Image(base64)) {
              finish(run, base64ToDataUrl(base64));
            } else if (status === 'failed' || status === 'completed') {
              fail(run, GENERATION_MESSAGES.failed, 'generation');
            }
          }
        },
        (status) => {
          if (run.done || runRef.current !== run) return;
          if (status === 'SUBSCRIBED') void readRow(run);
          else if (status === 'CHANNEL_ERROR')
            fail(run, GENERATION_MESSAGES.subscribeFailed, 'subscription');
          else if (status === 'TIMED_OUT')
            fail(run, GENERATION_MESSAGES.subscribeTimedOut, 'subscription');
        },
      );
    },
    [applyUpdate, fail, finish, readRow, realtimeClient],
  );

  const begin = useCallback(
    (attempt: LastAttempt, resumeRequestId: string | null) => {
      if (runRef.current) stopRun(runRef.current);
      lastRef.current = { ...attempt, failure: null };
      const run: Run = {
        controller: new AbortController(),
        prompt: attempt.prompt,
        idempotencyKey: attempt.idempotencyKey,
        requestId: resumeRequestId,
        progress: 0,
        realProgress: false,
        queued: false,
        done: false,
      };
      runRef.current = run;
      setState({
        ...INITIAL_GENERATION_STATE,
        status: 'generating',
        message: getPhaseMessage('AGGREGATION'),
        requestId: resumeRequestId,
      });
      run.tick = setInterval(() => {
        if (run.realProgress || run.done) return;
        const next = nextSimulatedProgress(run.progress, randomRef.current);
        // While the server says queued, the simulation waits at the end of the queuing phase.
        const progress = run.queued
          ? Math.min(next.progress, Math.max(run.progress, PROGRESS_PHASES.QUEUING.to - 1))
          : next.progress;
        update(run, {
          progress,
          message: run.queued ? GENERATION_MESSAGES.queued : next.message,
        });
      }, SIMULATED_PROGRESS_TICK_MS);

      if (resumeRequestId) {
        subscribe(run, resumeRequestId);
        return;
      }
      createGenerationWithRetry(
        {
          prompt: attempt.prompt,
          idempotencyKey: attempt.idempotencyKey,
          signal: run.controller.signal,
        },
        randomRef.current,
      ).then(
        ({ requestId }) => {
          if (runRef.current !== run || run.done) return;
          if (lastRef.current) lastRef.current.requestId = requestId;
          update(run, { requestId });
          subscribe(run, requestId);
        },
        (error: unknown) => {
          if (runRef.current !== run || run.controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : GENERATION_MESSAGES.failed;
          // A retryable failure may have reached the server: Try Again keeps the key.
          const kind = isApiError(error) && error.retryable ? 'network' : 'request';
          fail(run, message, kind);
        },
      );
    },
    [fail, stopRun, subscribe, update],
  );

  /** A user submit: ignored for a blank prompt or while a start is in progress. */
  const start = useCallback(
    (prompt: string) => {
      const trimmed = prompt.trim();
      if (!trimmed || runRef.current) return;
      begin(
        { prompt: trimmed, idempotencyKey: createIdempotencyKey(), requestId: null, failure: null },
        null,
      );
    },
    [begin],
  );

  /**
   * Try Again restarts the last request. A lost channel resumes the same request id and a failed
   * network call reuses its Idempotency-Key, so neither charges twice; otherwise a new submit.
   */
  const retry = useCallback(() => {
    const last = lastRef.current;
    if (!last) return;
    if (last.failure === 'subscription' && last.requestId) {
      begin(last, last.requestId);
    } else if (last.failure === 'network') {
      begin({ ...last, requestId: null }, null);
    } else {
      begin(
        {
          prompt: last.prompt,
          idempotencyKey: createIdempotencyKey(),
          requestId: null,
          failure: null,
        },
        null,
      );
    }
  }, [begin]);

  const cancel = useCallback(() => {
    if (runRef.current) stopRun(runRef.current);
    setState({ ...INITIAL_GENERATION_STATE, message: GENERATION_MESSAGES.cancelled });
  }, [stopRun]);

  /** Back to the input step with nothing running (Generate Again, closing the modal). */
  const reset = useCallback(() => {
    if (runRef.current) stopRun(runRef.current);
    setState(INITIAL_GENERATION_STATE);
  }, [stopRun]);

  return { state, start, retry, cancel, reset };
}
