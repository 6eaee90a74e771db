import { limitHint } from '../../../components/forms/limit-hint';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import {
  GALLERY_SEARCH_MAX_LENGTH,
  searchLength,
  SORT_OPTIONS,
  TIME_RANGE_OPTIONS,
  type GallerySort,
  type GalleryTimeRange,
} from '../utils/gallery-filters';

/**
 * Search (typed text; the caller debounces it into the query), sort and time filter. The search
 * counts near its limit and says the limit when it is over, rather than cutting the text.
 */
export function GalleryToolbar({
  search,
  searchError,
  onSearchChange,
  sort,
  onSortChange,
  range,
  onRangeChange,
}: {
  search: string;
  searchError?: string;
  onSearchChange: (value: string) => void;
  sort: GallerySort;
  onSortChange: (value: GallerySort) => void;
  range: GalleryTimeRange;
  onRangeChange: (value: GalleryTimeRange) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_11rem]">
      <Input
        label="Search"
        type="search"
        placeholder="Search your gallery by prompt or phrases..."
        value={search}
        hint={limitHint(undefined, searchLength(search), GALLERY_SEARCH_MAX_LENGTH)}
        error={searchError}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <Select
        label="Sort by"
        options={SORT_OPTIONS}
        value={sort}
        onChange={(event) => onSortChange(event.target.value as GallerySort)}
      />
      <Select
        label="Time"
        options={TIME_RANGE_OPTIONS}
        value={range}
        onChange={(event) => onRangeChange(event.target.value as GalleryTimeRange)}
      />
    </div>
  );
}
