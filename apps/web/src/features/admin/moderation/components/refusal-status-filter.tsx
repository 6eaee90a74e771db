import { REFUSAL_STATUSES, type RefusalStatus } from '@nocturne/contract/admin/admin-refusals';
import { cn } from '../../../../lib/cn';
import { useOpenRefusalsCount, useRefusals } from '../hooks/use-refusals';
import { STATUS_LABELS } from '../utils/moderation-labels';

/** Which refusals the queue shows; "To review" carries how many wait. */
export function RefusalStatusFilter({
  status,
  onChange,
}: {
  status: RefusalStatus;
  onChange: (status: RefusalStatus) => void;
}) {
  const open = useOpenRefusalsCount();
  const shown = useRefusals(status).data?.total;
  return (
    <div role="group" aria-label="Show refusals" className="flex flex-wrap gap-2">
      {REFUSAL_STATUSES.map((value) => {
        const count = value === 'open' ? open : value === status ? shown : undefined;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={value === status}
            onClick={() => onChange(value)}
            className={cn(
              'flex min-h-11 items-center gap-2 rounded-xl border px-3 text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400',
              value === status
                ? 'border-accent-400/50 bg-glass-strong text-white'
                : 'border-glass-border text-zinc-400 hover:bg-glass hover:text-white',
            )}
          >
            {STATUS_LABELS[value]}
            {count !== undefined && (
              <span className="rounded-full bg-night-950/60 px-2 text-xs text-zinc-200">
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
