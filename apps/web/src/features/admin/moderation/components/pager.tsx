import { Button } from '../../../../components/ui/button';
import { REFUSALS_PAGE_SIZE } from '../api/refusals-api';

/** Previous and next pages of the queue, with where the page sits in the whole. */
export function Pager({
  offset,
  total,
  onChange,
}: {
  offset: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  if (total <= REFUSALS_PAGE_SIZE && offset === 0) return null;
  const last = Math.min(offset + REFUSALS_PAGE_SIZE, total);
  return (
    <nav
      aria-label="Refusal pages"
      className="mt-3 flex items-center justify-between gap-3 text-sm"
    >
      <Button
        variant="ghost"
        size="sm"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - REFUSALS_PAGE_SIZE))}
      >
        Previous
      </Button>
      <span className="text-zinc-400">
        {offset + 1}–{last} of {total}
      </span>
      <Button
        variant="ghost"
        size="sm"
        disabled={last >= total}
        onClick={() => onChange(offset + REFUSALS_PAGE_SIZE)}
      >
        Next
      </Button>
    </nav>
  );
}
