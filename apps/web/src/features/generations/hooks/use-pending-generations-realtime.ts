import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  FindGenerationsResponse,
  Generation,
} from '@nocturne/contract/generations/generation';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeClient } from '../../../lib/realtime';
import { generationsListQueryKey } from '../api/get-generations';

const STATUS_RANK: Record<string, number> = { queued: 0, processing: 1, completed: 2, failed: 2 };

/** A row never moves back (a late read of the row must not undo a newer event). */
function patchRow(queryClient: QueryClient, requestId: string, patch: Partial<Generation>) {
  queryClient.setQueryData<InfiniteData<FindGenerationsResponse, number>>(
    generationsListQueryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          generations: page.generations.map((row) =>
            row.request_id === requestId &&
            (STATUS_RANK[patch.status ?? row.status] ?? 0) >= (STATUS_RANK[row.status] ?? 0)
              ? { ...row, ...patch }
              : row,
          ),
        })),
      },
  );
}

function isPending(row: Generation) {
  return row.status === 'queued' || row.status === 'processing';
}

/**
 * Live history rows: every queued or processing row listens on generation:{request_id} and takes
 * the status of `update`/`result` events, and the row the join carries, so a change that happened
 * before the join is not missed. A finished row refreshes the list (image URL, dates).
 */
export function usePendingGenerationsRealtime(rows: Generation[], client: RealtimeClient) {
  const queryClient = useQueryClient();
  const subscriptions = useRef(new Map<string, () => void>());
  const pendingKey = rows
    .filter(isPending)
    .map((row) => row.request_id)
    .sort()
    .join(',');

  useEffect(() => {
    const wanted = new Set(pendingKey ? pendingKey.split(',') : []);
    const current = subscriptions.current;
    for (const [requestId, unsubscribe] of current) {
      if (!wanted.has(requestId)) {
        current.delete(requestId);
        unsubscribe();
      }
    }
    for (const requestId of wanted) {
      if (current.has(requestId)) continue;
      const settle = (patch: Partial<Generation>) => {
        patchRow(queryClient, requestId, patch);
        if (patch.status === 'completed' || patch.status === 'failed') {
          void queryClient.invalidateQueries({ queryKey: generationsListQueryKey });
        }
      };
      const unsubscribe = client.subscribe(
        channels.generation(requestId),
        (message) => {
          // A live preview changes nothing a history row shows.
          if (message.payload.request_id !== requestId || message.event === 'preview') return;
          const patch: Partial<Generation> = { status: message.payload.status };
          if (message.payload.error) patch.error = message.payload.error;
          if (message.event === 'result' && message.payload.result_image_url) {
            patch.result_image_url = message.payload.result_image_url;
          }
          settle(patch);
        },
        (status, _reason, snapshot) => {
          if (status === 'SUBSCRIBED' && snapshot) settle(snapshot);
        },
      );
      current.set(requestId, unsubscribe);
    }
  }, [pendingKey, client, queryClient]);

  useEffect(() => {
    const current = subscriptions.current;
    return () => {
      for (const unsubscribe of current.values()) unsubscribe();
      current.clear();
    };
  }, []);
}
