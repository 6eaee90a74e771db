import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** One titled section of /profile; `aria-labelledby` lets tests and screen readers find it. */
export function ProfileCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="glass-panel rounded-3xl p-5 sm:p-6">
      <h2 id={headingId} className="font-display text-lg font-semibold text-white">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-zinc-400">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

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
