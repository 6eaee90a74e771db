import { cn } from '../../../lib/cn';
import type { SubscriptionSummary, SummaryTone } from '../utils/subscription-summary';

const toneClasses: Record<SummaryTone, string> = {
  neutral: 'text-zinc-200',
  pending: 'text-amber-300',
  active: 'text-emerald-300',
  warning: 'text-amber-300',
  danger: 'text-rose-300',
};

const dotClasses: Record<SummaryTone, string> = {
  neutral: 'bg-zinc-400',
  pending: 'bg-amber-400',
  active: 'bg-emerald-400',
  warning: 'bg-amber-400',
  danger: 'bg-rose-400',
};

/** Spec §2 status card: message in its colour, the expiry line and the optional warning. */
export function SubscriptionStatusCard({ summary }: { summary: SubscriptionSummary }) {
  return (
    <section
      aria-label="Subscription status"
      data-tone={summary.tone}
      className="glass-panel rounded-3xl p-5 sm:p-6"
    >
      <p className={cn('flex items-center gap-2 text-lg font-semibold', toneClasses[summary.tone])}>
        <span
          aria-hidden="true"
          className={cn('size-2.5 rounded-full', dotClasses[summary.tone])}
        />
        {summary.message}
      </p>
      {summary.expiryLine && <p className="mt-1 text-sm text-zinc-400">{summary.expiryLine}</p>}
      {summary.warning && (
        <p
          role="note"
          className="mt-3 rounded-xl border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-sm text-amber-100"
        >
          {summary.warning}
        </p>
      )}
    </section>
  );
}
