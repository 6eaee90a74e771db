import { useEffect, useState } from 'react';
import { lazyOnOpen } from '../../../components/ui/lazy-on-open';
import { markPromoShown, wasPromoShownToday } from '../../../lib/promo-day';

/** Opened on most first visits of the day, but after the page has painted: its code comes then. */
const LazyDailyPromoDialog = lazyOnOpen(() =>
  import('./daily-promo-dialog').then((module) => module.DailyPromoDialog),
);

/**
 * Spec §2 daily promo: non-premium users see it once per calendar day. `eligible` is false until
 * the credit state is known, so a premium user never sees it flash open.
 */
export function DailyPromoModal({ eligible }: { eligible: boolean }) {
  const [decided, setDecided] = useState(false);
  const [open, setOpen] = useState(false);
  // Decided once, the first time the user is known to be eligible on this visit.
  if (eligible && !decided) {
    setDecided(true);
    setOpen(!wasPromoShownToday());
  }

  useEffect(() => {
    if (open) markPromoShown();
  }, [open]);

  return <LazyDailyPromoDialog open={open && eligible} onClose={() => setOpen(false)} />;
}
