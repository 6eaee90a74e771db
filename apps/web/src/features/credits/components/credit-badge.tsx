import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

const tones = {
  premium:
    'border-amber-300/40 bg-gradient-to-r from-amber-400/25 to-fuchsia-500/25 text-amber-200 tracking-wider uppercase',
  warning: 'border-amber-400/30 bg-amber-400/10 text-amber-300',
  accent: 'border-accent-400/30 bg-accent-500/15 text-accent-300',
  danger: 'border-rose-400/30 bg-rose-500/15 text-rose-300',
} as const;

export function CreditBadge({
  tone,
  children,
  className,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex h-5 shrink-0 items-center rounded-full border px-1.5 text-[10px] font-semibold whitespace-nowrap sm:px-2 sm:text-[11px]',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
