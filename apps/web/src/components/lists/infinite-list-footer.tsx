import { PAGE_SIZE } from '@nocturne/contract/constants';
import { useInView } from '../../hooks/use-in-view';
import { getErrorMessage } from '../../lib/get-error-message';
import { Button } from '../ui/button';

/** The parts of a TanStack infinite query the footer drives. */
export interface InfiniteListQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  error: Error | null;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Below a paged list (spec §2 histories): an infinite-scroll sentinel, the error of a failed next
 * page, then Load More while pages remain or `endMessage` once more than one page was shown.
 */
export function InfiniteListFooter({
  query,
  loadedCount,
  errorTitle,
  endMessage,
}: {
  query: InfiniteListQuery;
  loadedCount: number;
  errorTitle: string;
  endMessage: string;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinelRef = useInView<HTMLDivElement>(() => void fetchNextPage(), {
    enabled: hasNextPage && !isFetchingNextPage && !query.isError,
  });

  return (
    <>
      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      {query.isError && (
        <p role="alert" className="mt-4 text-center text-sm text-rose-300">
          {errorTitle}: {getErrorMessage(query.error)}
        </p>
      )}
      {hasNextPage ? (
        <div className="mt-5 flex justify-center">
          <Button variant="glass" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load More
          </Button>
        </div>
      ) : (
        loadedCount > PAGE_SIZE && (
          <p className="mt-5 text-center text-xs text-zinc-500">{endMessage}</p>
        )
      )}
    </>
  );
}
