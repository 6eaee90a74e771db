import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

const tones = {
  error: 'border-rose-500/40 bg-rose-500/10 text-rose-200',
  success: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
} as const;

/** A section's outcome line: errors are announced as alerts, successes as status. */
export function ProfileNotice({
  tone,
  children,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-xl border px-3 py-2 text-sm', tones[tone])}
    >
      {children}
    </p>
  );
}
