import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A titled card of the profile page; each account-data section stands on its own in one. */
export function SectionCard(props: {
  title: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const headingId = `account-data-${props.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'glass-panel flex flex-col gap-4 rounded-3xl p-6',
        // glass-panel sets its own border colour; the danger card's must win over it.
        props.tone === 'danger' && 'border-rose-500/40!',
      )}
    >
      <h2 id={headingId} className="text-lg font-semibold text-white">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
