import { AlertText } from '../../../components/ui/alert-text';
import { getErrorMessage } from '../../../lib/get-error-message';
import { Button } from '../../../components/ui/button';
import type { GalleryQuery } from '../hooks/use-gallery-view';

/**
 * Under the grid: a failed page's error, then Load More (the whole gallery), 'Loading every
 * match…' (a filtered view reads them all), or the end once more than one page was shown.
 */
export function GalleryPaging({ query, filtered }: { query: GalleryQuery; filtered: boolean }) {
  return (
    <>
      {query.isError && (
        <AlertText className="text-center">
          Failed to Load Gallery: {getErrorMessage(query.error)}
        </AlertText>
      )}
      {query.hasNextPage ? (
        <div className="flex flex-col items-center gap-2">
          {filtered ? (
            <p role="status" className="text-xs text-zinc-500">
              Loading every match…
            </p>
          ) : (
            <Button
              variant="glass"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Load More
            </Button>
          )}
        </div>
      ) : (
        !filtered &&
        (query.data?.pages.length ?? 0) > 1 && (
          <p className="text-center text-xs text-zinc-500">
            You&apos;ve reached the end of your gallery.
          </p>
        )
      )}
    </>
  );
}
