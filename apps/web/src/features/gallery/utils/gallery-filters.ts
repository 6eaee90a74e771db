import {
  findFavoritesQuerySchema,
  type FindFavoritesQuery,
} from '@nocturne/contract/favorites/find-favorites';
import { lengthLimitMessage } from '../../../lib/forms/length-limit';

/** The search's limit, the contract's own (its text trimmed, as the server counts it). */
export const GALLERY_SEARCH_MAX_LENGTH = findFavoritesQuerySchema.shape.q.unwrap().maxLength ?? 200;

/** The search's length as counted against its limit. */
export const searchLength = (search: string) => search.trim().length;

/** What the search field says when its text is over the limit (the gallery keeps its results). */
export function searchLimitError(search: string): string | undefined {
  const length = searchLength(search);
  return length > GALLERY_SEARCH_MAX_LENGTH
    ? lengthLimitMessage('The search', GALLERY_SEARCH_MAX_LENGTH, length)
    : undefined;
}

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
