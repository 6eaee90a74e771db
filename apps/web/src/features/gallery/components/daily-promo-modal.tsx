import { useEffect, useState } from 'react';
import { PREMIUM_PRICE_TEXT } from '@nocturne/contract/constants';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { markPromoShown, wasPromoShownToday } from '../../../lib/promo-day';

const PERKS = [
  'Unlimited generations, no credits to count',
  'Priority processing ahead of the queue',
  'Advanced AI models for finer detail',
  'Premium support when you need a hand',
];

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

  return (
    <Modal
      open={open && eligible}
      onClose={() => setOpen(false)}
      title="Tonight, create without limits"
      description="Your imagination should not have to wait for tomorrow's credits."
      size="md"
      footer={
        <>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Maybe later
          </Button>
          <LinkButton to={paths.app.subscription.getHref()} onClick={() => setOpen(false)}>
            Unlock Premium
          </LinkButton>
        </>
      }
    >
      <ul className="space-y-2.5">
        {PERKS.map((perk) => (
          <li key={perk} className="flex items-start gap-2.5 text-sm text-zinc-200">
            <span aria-hidden="true" className="text-accent-300">
              ✦
            </span>
            {perk}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-zinc-400">
        {PREMIUM_PRICE_TEXT} per month, paid in crypto. Cancel anytime.
      </p>
    </Modal>
  );
}
