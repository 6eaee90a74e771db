import { useEffect } from 'react';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeClient } from '../../../lib/realtime';
import { isGenerationRunning } from '../flow/generation-flow-reducer';
import type { GenerationFlowAction, GenerationFlowState } from '../flow/generation-flow-state';

/**
 * Listens on generation:{requestId} while the submit's request id is known and it runs: its
 * events, its failures, and on each join the row as of the join, so a change before it is not
 * missed.
 */
export function useGenerationChannel(
  state: GenerationFlowState,
  realtimeClient: RealtimeClient,
  dispatch: (action: GenerationFlowAction) => unknown,
) {
  const channelId =
    isGenerationRunning(state) && state.status !== 'submitting' ? state.requestId : null;
  const { attempt } = state;
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
        if (status === 'SUBSCRIBED') {
          if (snapshot) dispatch({ type: 'row', row: snapshot });
        } else dispatch({ type: 'channel', status });
      },
    );
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [attempt, channelId, realtimeClient, dispatch]);
}
