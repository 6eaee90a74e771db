import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

const tones = {
  error: 'border-rose-500/40 bg-rose-500/10 text-rose-200',
  success: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  info: 'border-accent-400/40 bg-accent-500/10 text-accent-300',
} as const;

/** Inline banner inside auth forms; errors are announced as alerts, others as status. */
export function Notice({
  tone,
  id,
  children,
}: {
  tone: keyof typeof tones;
  /** Lets a field name this notice as what is wrong with it (aria-describedby). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-xl border px-4 py-3 text-sm leading-relaxed', tones[tone])}
    >
      {children}
    </div>
  );
}
