import { HISTORY_SKELETON_ROWS, PAGE_SIZE } from '@nocturne/contract/constants';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { paths } from '../../../config/paths';
import { realtime, type RealtimeClient } from '../../../lib/realtime';
import { useGenerations } from '../api/get-generations';
import { useInView } from '../../../hooks/use-in-view';
import { usePendingGenerationsRealtime } from '../hooks/use-pending-generations-realtime';
import { GenerationHistoryRow } from './generation-history-row';

const listClasses = 'glass-panel divide-y divide-glass-border overflow-hidden rounded-3xl';

function HistorySkeleton() {
  return (
    <div role="status" aria-label="Loading generation history">
      <ul aria-hidden="true" className={listClasses}>
        {Array.from({ length: HISTORY_SKELETON_ROWS }, (_, index) => (
          <li
            key={index}
            data-testid="generation-row-skeleton"
            className="flex items-start gap-4 px-5 py-4"
          >
            <span className="size-16 animate-pulse rounded-xl bg-glass-strong" />
            <span className="flex-1 space-y-2.5 pt-1">
              <span className="block h-5 w-24 animate-pulse rounded-full bg-glass-strong" />
              <span className="block h-3.5 w-4/5 animate-pulse rounded bg-glass" />
              <span className="block h-3.5 w-1/2 animate-pulse rounded bg-glass" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /history/generations list: pages of 20, infinite scroll with a Load More fallback, live rows. */
export function GenerationHistory({
  realtimeClient = realtime,
}: {
  realtimeClient?: RealtimeClient;
}) {
  const query = useGenerations();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const rows = query.data?.pages.flatMap((page) => page.generations) ?? [];
  usePendingGenerationsRealtime(rows, realtimeClient);
  const sentinelRef = useInView<HTMLDivElement>(() => void fetchNextPage(), {
    enabled: hasNextPage && !isFetchingNextPage && !query.isError,
  });

  if (query.isPending) return <HistorySkeleton />;

  if (query.isError && !query.data) {
    return (
      <div role="alert" className="glass-panel rounded-3xl px-6 py-10 text-center">
        <h2 className="text-lg font-semibold text-white">Failed to Load History</h2>
        <p className="mt-2 text-sm text-zinc-400">{query.error.message}</p>
        <Button className="mt-5" variant="glass" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  if (rows.length === 0) {
    return (
      <div className="glass-panel rounded-3xl px-6 py-12 text-center">
        <h2 className="text-lg font-semibold text-white">No generations yet</h2>
        <p className="mt-2 text-sm text-zinc-400">
          Every image you generate is listed here, with its prompt and status.
        </p>
        <LinkButton className="mt-5" to={paths.app.dashboard.getHref()}>
          Go to Dashboard
        </LinkButton>
      </div>
    );
  }

  return (
    <div>
      <ul aria-label="Generations" className={listClasses}>
        {rows.map((generation) => (
          <GenerationHistoryRow key={generation.id} generation={generation} />
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      {query.isError && (
        <p role="alert" className="mt-4 text-center text-sm text-rose-300">
          Failed to Load History: {query.error.message}
        </p>
      )}
      {hasNextPage ? (
        <div className="mt-5 flex justify-center">
          <Button variant="glass" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load More
          </Button>
        </div>
      ) : (
        rows.length > PAGE_SIZE && (
          <p className="mt-5 text-center text-xs text-zinc-500">That is all of your generations.</p>
        )
      )}
    </div>
  );
}
