import { PREMIUM_PRICE_TEXT } from '@nocturne/contract/constants';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';

const PERKS = [
  'Unlimited generations, no credits to count',
  'Priority processing ahead of the queue',
  'Advanced AI models for finer detail',
  'Premium support when you need a hand',
];

/** The promo's dialog (spec §2); DailyPromoModal decides when it opens. */
export function DailyPromoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Tonight, create without limits"
      description="Your imagination should not have to wait for tomorrow's credits."
      size="md"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Maybe later
          </Button>
          <LinkButton to={paths.app.subscription.getHref()} onClick={onClose}>
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
