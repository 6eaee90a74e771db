import { HISTORY_SKELETON_ROWS } from '@nocturne/contract/constants';
import { LoadErrorPanel } from '../../../components/errors/load-error-panel';
import { getErrorMessage } from '../../../lib/get-error-message';
import { InfiniteListFooter } from '../../../components/lists/infinite-list-footer';
import { LinkButton } from '../../../components/ui/link-button';
import { paths } from '../../../config/paths';
import { useRealtimeClient } from '../../../lib/realtime-context';
import { hasKnownStatus } from '../api/generation-list-schema';
import { useGenerations } from '../api/get-generations';
import { usePendingGenerationsRealtime } from '../hooks/use-pending-generations-realtime';
import type { GenerationListItem } from '../api/generation-list-schema';
import { historyEntries } from '../utils/history-entries';
import { GenerationHistoryRow } from './generation-history-row';
import type { DeriveCredits } from '../utils/derive-actions';
import type { DeriveAction } from '../types';
import { derivedCounts } from '../utils/derived-counts';

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

/** /history/generations list: pages of 20 entries (a submit is one), infinite scroll with a Load More fallback, live rows. */
export function GenerationHistory({
  blurThumbnails = false,
  onUseSettings,
  onDerive,
  credits = null,
}: {
  /** The person's credit state (prices the Vary/Upscale buttons); null while unknown. */
  credits?: DeriveCredits | null;
  onUseSettings?: (generation: GenerationListItem) => void;
  /** Vary or upscale an image of a row. */
  onDerive?: (image: GenerationListItem, action: DeriveAction) => void;
  /** The person's preference: thumbnails blurred until hovered or focused. */
  blurThumbnails?: boolean;
}) {
  const query = useGenerations();
  const rows = query.data?.pages.flatMap((page) => page.generations) ?? [];
  const entryCount = historyEntries(rows).length;
  const counts = derivedCounts(rows);
  usePendingGenerationsRealtime(rows.filter(hasKnownStatus), useRealtimeClient());

  if (query.isPending) return <HistorySkeleton />;

  if (query.isError && !query.data) {
    return (
      <LoadErrorPanel
        title="Failed to Load History"
        message={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
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
        {historyEntries(rows).map((images) => (
          <GenerationHistoryRow
            key={images[0].request_id}
            images={images}
            blurThumbnails={blurThumbnails}
            onUseSettings={onUseSettings}
            onDerive={onDerive}
            credits={credits}
            derivedCount={(id) => counts.get(id)}
          />
        ))}
      </ul>
      <InfiniteListFooter
        query={query}
        loadedCount={entryCount}
        errorTitle="Failed to Load History"
        endMessage="That is all of your generations."
      />
    </div>
  );
}
