import { useEffect, useRef, useState } from 'react';
import { UPGRADE_MODAL_DELAY_MS } from '@nocturne/contract/constants';
import { incrementGenerationCount } from '../../../lib/generation-count';

/**
 * The upgrade offer over the generation modal (spec §6): shown a moment after a free person's
 * generation completes, or at once with a reason when a Premium model led to it; never for
 * premium, also when premium starts while one is due or shown.
 */
export function useUpgradeOffer(isPremium: boolean) {
  const [open, setOpen] = useState(false);
  /** Why the offer is shown when a Premium model led to it (null: after a generation). */
  const [reason, setReason] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isPremiumRef = useRef(isPremium);
  useEffect(() => {
    isPremiumRef.current = isPremium;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  if (isPremium && open) setOpen(false);

  return {
    open,
    reason,
    close: () => setOpen(false),
    offerFor(why: string) {
      setReason(why);
      setOpen(true);
    },
    /** A generation completed: counted, and the offer follows after its delay for free people. */
    afterGeneration() {
      if (isPremiumRef.current) return;
      incrementGenerationCount();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setReason(null);
        setOpen(true);
      }, UPGRADE_MODAL_DELAY_MS);
    },
  };
}
