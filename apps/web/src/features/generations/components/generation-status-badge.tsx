import {
  getStatusDisplay,
  type StatusColour,
} from '@nocturne/contract/generations/generation-status';
import { cn } from '../../../lib/cn';

const colours: Record<StatusColour, string> = {
  yellow: 'border-amber-400/30 bg-amber-400/10 text-amber-200',
  blue: 'border-sky-400/30 bg-sky-400/10 text-sky-200',
  green: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-200',
  red: 'border-rose-400/30 bg-rose-500/10 text-rose-200',
  gray: 'border-glass-border bg-glass text-zinc-300',
};

/**
 * Spec §4 status badge: Queued yellow, Processing blue, Completed green, Failed red, else Unknown;
 * a cancelled job (failed with the cancel reason) reads Cancelled in grey.
 */
export function GenerationStatusBadge({
  status,
  error,
}: {
  status: string;
  error?: string | null;
}) {
  const display = getStatusDisplay(status, error);
  return (
    <span
      data-testid="generation-status"
      data-colour={display.colour}
      title={display.description}
      className={cn(
        'inline-flex h-6 shrink-0 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium',
        colours[display.colour],
      )}
    >
      {(status === 'queued' || status === 'processing') && (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
      )}
      {display.label}
    </span>
  );
}
