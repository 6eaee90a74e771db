import type { ModelPullState } from '@nocturne/contract/admin/models';
import { channels } from '@nocturne/contract/realtime/channels';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRealtimeClient } from '../../../../lib/realtime-context';
import { adminModelsQueryOptions } from '../api/admin-models';

/** A pull as the page shows it: the server's state and the download speed measured here. */
export interface LivePull {
  state: ModelPullState;
  /** Bytes per second over the last two reports of the same file; null until known. */
  bytesPerSecond: number | null;
}

function withSpeed(previous: LivePull | undefined, state: ModelPullState): LivePull {
  const before = previous?.state;
  if (!before || before.file !== state.file || state.phase !== 'download') {
    return { state, bytesPerSecond: null };
  }
  const seconds = (Date.parse(state.updated_at) - Date.parse(before.updated_at)) / 1000;
  const bytes = state.bytes_done - before.bytes_done;
  if (seconds <= 0 || bytes < 0) return { state, bytesPerSecond: previous.bytesPerSecond };
  return { state, bytesPerSecond: bytes / seconds };
}

/**
 * The pulls reported on the operators' `admin:models` channel, by model id. A pull that ends
 * re-reads the catalog (installed, verified, available).
 */
export function useModelPulls() {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const [pulls, setPulls] = useState<ReadonlyMap<string, LivePull>>(new Map());
  useEffect(
    () =>
      client.subscribe(channels.admin('models'), (message) => {
        if (message.event !== 'pull_progress') return;
        const { payload } = message;
        setPulls((current) => {
          const next = new Map(current);
          next.set(payload.model_id, withSpeed(current.get(payload.model_id), payload));
          return next;
        });
        if (payload.status !== 'running') {
          void queryClient.invalidateQueries({ queryKey: adminModelsQueryOptions.queryKey });
        }
      }),
    [client, queryClient],
  );
  return pulls;
}
