import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useFavorites } from '../api/get-favorites';
import {
  DEFAULT_GALLERY_FILTERS,
  isFiltered,
  searchLimitError,
  toFavoritesQuery,
  weekAgo,
  type GallerySort,
  type GalleryTimeRange,
} from '../utils/gallery-filters';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The gallery's view: the toolbar's choices (the search debounced into the query) and the pages
 * of favorites they select. A filtered view reads every match, page after page.
 */
export function useGalleryView() {
  // The defaults the dashboard prefetches its first page with (prefetch-dashboard.ts).
  const [search, setSearch] = useState(DEFAULT_GALLERY_FILTERS.q);
  // The last search within its limit: an over-long one is shown and refused, never sent (the
  // server would refuse it) nor cut.
  const [searched, setSearched] = useState(DEFAULT_GALLERY_FILTERS.q);
  const [sort, setSort] = useState<GallerySort>(DEFAULT_GALLERY_FILTERS.sort);
  const [range, setRange] = useState<GalleryTimeRange>(DEFAULT_GALLERY_FILTERS.range);
  const [rangeBoundary, setRangeBoundary] = useState(DEFAULT_GALLERY_FILTERS.rangeBoundary);
  const q = useDebouncedValue(searched, SEARCH_DEBOUNCE_MS);
  const filters = { q, sort, range, rangeBoundary };
  const filtered = isFiltered(filters);
  const query = useFavorites(toFavoritesQuery(filters));
  const { hasNextPage, isFetching, isPlaceholderData, isError, fetchNextPage } = query;
  // Pages already read are kept, not reloaded. The next page waits for the view's own first page
  // (not the previous view's placeholder).
  const readMore = filtered && hasNextPage && !isFetching && !isPlaceholderData && !isError;
  // Keyed by the pages read too: a page can arrive without a render that shows the fetch.
  const pagesRead = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (readMore) void fetchNextPage();
  }, [readMore, pagesRead, fetchNextPage]);

  return {
    query,
    filtered,
    toolbar: {
      search,
      searchError: searchLimitError(search),
      onSearchChange: (next: string) => {
        setSearch(next);
        if (!searchLimitError(next)) setSearched(next);
      },
      sort,
      onSortChange: setSort,
      range,
      onRangeChange: (next: GalleryTimeRange) => {
        setRange(next);
        setRangeBoundary(next === 'all' ? '' : weekAgo());
      },
    },
    clearFilters: () => {
      setSearch('');
      setSearched('');
      setRange('all');
    },
  };
}

export type GalleryQuery = ReturnType<typeof useGalleryView>['query'];
