import type { ReactNode } from 'react';

/** One figure of the overview: what it is, the number, and a line of detail. */
export function StatTile({
  label,
  value,
  detail,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <div className="glass-panel min-w-0 rounded-2xl p-4">
      <p className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</p>
      <p className="mt-1 truncate font-display text-2xl font-semibold text-white">{value}</p>
      {detail && <p className="mt-1 text-xs text-zinc-400">{detail}</p>}
    </div>
  );
}
