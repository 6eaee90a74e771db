import { useEffect, useState } from 'react';
import { lazyOnOpen } from '../../../components/ui/lazy-on-open';
import { afterPageLoad } from '../../../lib/after-page-load';
import { readGenerationCount } from '../../../lib/generation-count';
import { markPromoShown, wasPromoShownToday } from '../../../lib/promo-day';

/** Opened on most first visits of the day, but after the page has painted: its code comes then. */
const LazyDailyPromoDialog = lazyOnOpen(() =>
  import('./daily-promo-dialog').then((module) => module.DailyPromoDialog),
);

/**
 * Spec §2 daily promo: non-premium users see it once per calendar day. `eligible` is false until
 * the credit state is known, so a premium user never sees it flash open. A person who has not
 * generated yet on this device does not see it: a new dashboard is for the first image, not an
 * offer (it comes on a later visit, never over a generation in progress).
 */
export function DailyPromoModal({ eligible }: { eligible: boolean }) {
  const [decided, setDecided] = useState(false);
  const [open, setOpen] = useState(false);
  // Decided once, the first time the user is known to be eligible on this visit.
  if (eligible && !decided) {
    setDecided(true);
    setOpen(readGenerationCount() > 0 && !wasPromoShownToday());
  }

  // Its code and Radix's are fetched when it opens: not beside the page's own first data.
  const [pageShown, setPageShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPageLoad().then(() => mounted && setPageShown(true));
    return () => {
      mounted = false;
    };
  }, []);

  const shown = open && eligible && pageShown;
  useEffect(() => {
    if (shown) markPromoShown();
  }, [shown]);

  return <LazyDailyPromoDialog open={shown} onClose={() => setOpen(false)} />;
}
