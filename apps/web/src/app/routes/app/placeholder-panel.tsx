import type { ReactNode } from 'react';

/** Honest stand-in for a section a later release fills in. */
export function PlaceholderPanel({ children }: { children: ReactNode }) {
  return (
    <div className="glass-panel rounded-3xl px-6 py-12 text-center text-sm text-zinc-400">
      {children}
    </div>
  );
}
