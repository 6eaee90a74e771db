import type { ReactNode } from 'react';
import { cn } from '../../../../lib/cn';

const tones = {
  neutral: 'border-glass-border text-zinc-300',
  good: 'border-emerald-400/40 text-emerald-300',
  warn: 'border-amber-400/40 text-amber-300',
  bad: 'border-rose-400/40 text-rose-300',
  accent: 'border-accent-400/40 text-accent-300',
} as const;

/** A short state word in a rounded outline: premium, suspended, verified. */
export function StatusPill({
  tone = 'neutral',
  children,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
