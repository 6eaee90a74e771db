import { useInView } from 'react-intersection-observer';
import { PAGE_SIZE } from '@nocturne/contract/constants';
import { getErrorMessage } from '../../lib/get-error-message';
import { AlertText } from '../ui/alert-text';
import { Button } from '../ui/button';

/** How far below the screen the sentinel starts the next page's read. */
const SENTINEL_MARGIN = '240px';

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
  // Observed again each time it is enabled, so a sentinel still in view after a page loaded reads
  // the next one; without IntersectionObserver it never fires and Load More is the way on.
  const { ref: sentinelRef } = useInView({
    rootMargin: SENTINEL_MARGIN,
    skip: !hasNextPage || isFetchingNextPage || query.isError,
    fallbackInView: false,
    onChange: (inView) => {
      if (inView) void fetchNextPage();
    },
  });

  return (
    <>
      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      {query.isError && (
        <AlertText className="mt-4 text-center">
          {errorTitle}: {getErrorMessage(query.error)}
        </AlertText>
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
