import { cn } from '../../../../lib/cn';

const TONES: Record<string, string> = {
  finished: 'bg-emerald-500/15 text-emerald-300 border-emerald-400/30',
  active: 'bg-emerald-500/15 text-emerald-300 border-emerald-400/30',
  partially_paid: 'bg-amber-500/15 text-amber-300 border-amber-400/30',
  pending: 'bg-amber-500/15 text-amber-300 border-amber-400/30',
  failed: 'bg-rose-500/15 text-rose-300 border-rose-400/30',
  cancelled: 'bg-rose-500/15 text-rose-300 border-rose-400/30',
  refunded: 'bg-zinc-500/15 text-zinc-300 border-zinc-400/30',
  expired: 'bg-zinc-500/15 text-zinc-300 border-zinc-400/30',
};

/** A payment's or subscription's status as a small pill, in words (`partially_paid` → "partially paid"). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[status] ?? 'border-accent-400/30 bg-accent-500/15 text-accent-200',
      )}
    >
      {status.replaceAll('_', ' ')}
    </span>
  );
}
