import {
  formatCredits,
  getCreditColour,
  type CreditColour,
} from '@nocturne/contract/credits/credit-status';
import { cn } from '../../../lib/cn';
import { renderLocale } from '../../../lib/first-render';
import { CoinIcon } from './credit-icons';

const colourClasses: Record<CreditColour, string> = {
  red: 'text-rose-400',
  yellow: 'text-amber-300',
  green: 'text-emerald-400',
};

/** What follows the balance in the button's name: what the figure counts, then what it does. */
function balanceNameSuffix(balance: number): string {
  return `${balance === 1 ? 'credit' : 'credits'}, Buy credits`;
}

/**
 * The header's balance, a button that opens the credit packs (the header's way to 'Purchase
 * more'). Its name begins with the figure it shows, so a speech-input user who says what they see
 * reaches it (WCAG 2.5.3); the rest of the name is for screen readers only.
 */
export function BalanceButton({ balance, onBuy }: { balance: number; onBuy: () => void }) {
  const colour = getCreditColour(balance);
  return (
    <button
      type="button"
      onClick={onBuy}
      // A 44 px target whose padding the negative margins take out of the layout.
      className="-mx-2 -my-3 inline-flex min-w-11 items-center rounded-lg px-2 py-3 transition hover:brightness-125"
    >
      <span
        data-testid="credit-balance"
        data-colour={colour}
        title="Credit balance: select to buy credits"
        className={cn(
          'inline-flex items-center gap-1 text-sm font-semibold tabular-nums',
          colourClasses[colour],
        )}
      >
        <CoinIcon className="size-4 shrink-0" />
        <span data-testid="credit-balance-value">{formatCredits(balance, renderLocale())}</span>
      </span>{' '}
      <span className="sr-only">{balanceNameSuffix(balance)}</span>
    </button>
  );
}
