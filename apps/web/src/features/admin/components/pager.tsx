import { Button } from '../../../components/ui/button';

/** "21–40 of 95" with Previous and Next; nothing when everything fits on one page. */
export function Pager({
  offset,
  limit,
  total,
  onChange,
  label,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  label: string;
}) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <span className="text-zinc-400">
        {total === 0 ? 'None' : `${offset + 1}–${last} of ${total}`}
      </span>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="glass"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="glass"
          disabled={last >= total}
          onClick={() => onChange(offset + limit)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
