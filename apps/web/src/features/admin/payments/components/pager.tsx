import { Button } from '../../../../components/ui/button';

/** "26–50 of 73" with Previous and Next. */
export function Pager({
  offset,
  limit,
  total,
  onOffset,
}: {
  offset: number;
  limit: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <div className="mt-4 flex items-center justify-between gap-3 text-sm text-zinc-400">
      <span>
        {total === 0 ? 0 : offset + 1}–{last} of {total}
      </span>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="glass"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="glass"
          disabled={last >= total}
          onClick={() => onOffset(offset + limit)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
