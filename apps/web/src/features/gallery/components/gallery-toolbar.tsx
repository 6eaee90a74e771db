import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import {
  SORT_OPTIONS,
  TIME_RANGE_OPTIONS,
  type GallerySort,
  type GalleryTimeRange,
} from '../utils/gallery-filters';

/** Search (typed text; the caller debounces it into the query), sort and time filter. */
export function GalleryToolbar({
  search,
  onSearchChange,
  sort,
  onSortChange,
  range,
  onRangeChange,
}: {
  search: string;
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
        maxLength={200}
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
