import type { FindFavoritesQuery } from '@nocturne/contract/favorites/find-favorites';

export type GallerySort = 'date' | 'prompt';
export type GalleryTimeRange = 'all' | 'week' | 'older';

/** What the toolbar chose; the time range's boundary is fixed when the range is picked. */
export interface GalleryFilters {
  q: string;
  sort: GallerySort;
  range: GalleryTimeRange;
  /** The instant 7 days before the range was chosen ('week' starts there, 'older' ends there). */
  rangeBoundary: string;
}

export const SORT_OPTIONS = [
  { value: 'date', label: 'Date' },
  { value: 'prompt', label: 'Prompt' },
] as const;

export const TIME_RANGE_OPTIONS = [
  { value: 'all', label: 'All Time' },
  { value: 'week', label: 'Last 7 Days' },
  { value: 'older', label: 'Older' },
] as const;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function weekAgo(now: number = Date.now()): string {
  return new Date(now - WEEK_MS).toISOString();
}

export const DEFAULT_GALLERY_FILTERS: GalleryFilters = {
  q: '',
  sort: 'date',
  range: 'all',
  rangeBoundary: '',
};

/** A search or a time filter shows every match at once (no Load More): the full fetch. */
export function isFiltered(filters: GalleryFilters): boolean {
  return filters.q.trim() !== '' || filters.range !== 'all';
}

/** The GET /favorites query for one page of the chosen view (newest first, or by prompt A–Z). */
export function toFavoritesQuery(
  filters: GalleryFilters,
): Omit<FindFavoritesQuery, 'limit' | 'offset'> {
  const q = filters.q.trim();
  return {
    orderBy: filters.sort === 'prompt' ? 'content_prompt' : 'created_at',
    orderDirection: filters.sort === 'prompt' ? 'asc' : 'desc',
    ...(q ? { q } : {}),
    ...(filters.range === 'week' ? { since: filters.rangeBoundary } : {}),
    ...(filters.range === 'older' ? { until: filters.rangeBoundary } : {}),
  };
}
