import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { useEffect, useState, type ReactNode } from 'react';
import { LoadErrorPanel } from '../../../components/errors/load-error-panel';
import { Button } from '../../../components/ui/button';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFavorites } from '../api/get-favorites';
import { useRemoveFavorite } from '../api/remove-favorite';
import {
  DEFAULT_GALLERY_FILTERS,
  isFiltered,
  toFavoritesQuery,
  weekAgo,
  type GallerySort,
  type GalleryTimeRange,
} from '../utils/gallery-filters';
import { LazyFavoriteDetailModal } from './lazy-favorite-detail-modal';
import { GalleryCount } from './gallery-count';
import { GalleryEmptyState } from './gallery-empty-state';
import { GalleryGrid } from './gallery-grid';
import { GallerySkeleton } from './gallery-skeleton';
import { GalleryToolbar } from './gallery-toolbar';

export const SEARCH_DEBOUNCE_MS = 300;

/** 'Your Gallery' (spec §2): the favorites with search, sort, time filter and paging. */
export function Gallery({
  onGenerate,
  blurThumbnails = false,
  notice,
  holdResults = false,
  onUseSettings,
}: {
  onGenerate: () => void;
  /** 'Use these settings' on a favorite made with known settings: the page opens the generator. */
  onUseSettings?: (favorite: Favorite) => void;
  blurThumbnails?: boolean;
  /** Shown above the results, in the same paint as them. */
  notice?: ReactNode;
  /**
   * Keeps the skeleton while the notice is still unknown: a notice arriving above results already
   * on screen would push them down (a layout shift, issue 9).
   */
  holdResults?: boolean;
}) {
  // The defaults the dashboard prefetches its first page with (prefetch-dashboard.ts).
  const [search, setSearch] = useState(DEFAULT_GALLERY_FILTERS.q);
  const [sort, setSort] = useState<GallerySort>(DEFAULT_GALLERY_FILTERS.sort);
  const [range, setRange] = useState<GalleryTimeRange>(DEFAULT_GALLERY_FILTERS.range);
  const [rangeBoundary, setRangeBoundary] = useState(DEFAULT_GALLERY_FILTERS.rangeBoundary);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters = { q, sort, range, rangeBoundary };
  const filtered = isFiltered(filters);
  const query = useFavorites(toFavoritesQuery(filters));
  const remove = useRemoveFavorite();
  const { hasNextPage, isFetching, isPlaceholderData, isError, fetchNextPage } = query;
  // A filtered view reads every match, page after page; pages already read are kept, not reloaded.
  // The next page waits for the view's own first page (not the previous view's placeholder).
  const readMore = filtered && hasNextPage && !isFetching && !isPlaceholderData && !isError;
  // Keyed by the pages read too: a page can arrive without a render that shows the fetch.
  const pagesRead = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (readMore) void fetchNextPage();
  }, [readMore, pagesRead, fetchNextPage]);

  const favorites = query.data?.pages.flatMap((page) => page.favorites) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const openIndex = favorites.findIndex((favorite) => favorite.id === openId);
  const open = openIndex >= 0 ? favorites[openIndex] : undefined;

  function clearFilters() {
    setSearch('');
    setRange('all');
  }

  let body;
  if (query.isPending || holdResults) {
    body = <GallerySkeleton />;
  } else if (query.isError && !query.data) {
    body = (
      <LoadErrorPanel
        title="Failed to Load Gallery"
        message={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (favorites.length === 0) {
    body = (
      <GalleryEmptyState
        filtered={filtered}
        onGenerate={onGenerate}
        onClearFilters={clearFilters}
      />
    );
  } else {
    body = (
      <>
        <GalleryCount shown={favorites.length} total={total} filtered={filtered} />
        <GalleryGrid
          favorites={favorites}
          blurThumbnails={blurThumbnails}
          onOpen={(index) => setOpenId(favorites[index]?.id ?? null)}
        />
        {query.isError && (
          <p role="alert" className="text-center text-sm text-rose-300">
            Failed to Load Gallery: {getErrorMessage(query.error)}
          </p>
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

  return (
    <div className="space-y-5">
      <GalleryToolbar
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        range={range}
        onRangeChange={(next) => {
          setRange(next);
          setRangeBoundary(next === 'all' ? '' : weekAgo());
        }}
      />
      {remove.isError && (
        <p role="alert" className="rounded-2xl bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
          The image could not be removed: {getErrorMessage(remove.error)}
        </p>
      )}
      {!query.isPending && !holdResults && notice}
      {body}
      <LazyFavoriteDetailModal
        open={open !== undefined}
        favorite={open ?? null}
        onClose={() => setOpenId(null)}
        onPrevious={openIndex > 0 ? () => setOpenId(favorites[openIndex - 1]!.id) : undefined}
        onNext={
          openIndex >= 0 && openIndex < favorites.length - 1
            ? () => setOpenId(favorites[openIndex + 1]!.id)
            : undefined
        }
        onRemove={(favorite) => {
          setOpenId(null);
          remove.mutate(favorite);
        }}
        onUseSettings={
          onUseSettings &&
          ((favorite) => {
            setOpenId(null);
            onUseSettings(favorite);
          })
        }
      />
    </div>
  );
}
