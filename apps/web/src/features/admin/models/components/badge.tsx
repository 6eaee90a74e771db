import type { ReactNode } from 'react';
import { cn } from '../../../../lib/cn';

const TONES = {
  accent: 'border-accent-400/40 bg-accent-500/15 text-accent-200',
  good: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-200',
  bad: 'border-rose-400/40 bg-rose-500/15 text-rose-200',
  warn: 'border-amber-400/40 bg-amber-500/15 text-amber-200',
  plain: 'border-glass-border bg-glass text-zinc-300',
} as const;

/** A small label on a model card: tier, backend, availability. */
export function Badge({
  tone = 'plain',
  children,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
