import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * One titled section of a settings page (/profile): a glass card whose heading names it for
 * screen readers and tests (`aria-labelledby`). `danger` marks an irreversible action.
 */
export function SectionCard({
  id,
  title,
  description,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'glass-panel rounded-3xl p-5 sm:p-6',
        // glass-panel sets its own border colour; the danger card's must win over it.
        tone === 'danger' && 'border-rose-500/40!',
      )}
    >
      <h2 id={headingId} className="font-display text-lg font-semibold text-white">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-zinc-400">{description}</p>}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}
