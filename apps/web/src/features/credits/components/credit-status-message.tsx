import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { useCredits } from '../hooks/use-credits';
import { useCreditStatusMessage } from '../hooks/use-credit-status-message';
import { LazyBuyCreditsDialog } from './lazy-buy-credits-dialog';

const PURCHASE_MORE = 'Purchase more';

/**
 * The status line under the balance: the load error (unless the user is new) or the status
 * message. Two lines on phones, one truncated line with a tooltip on tablets, in full from the
 * large breakpoint.
 */
export function CreditStatusMessage() {
  const { error, isNewUser, isPremium } = useCredits();
  const statusMessage = useCreditStatusMessage();
  const showError = error !== null && !isNewUser;
  const message = showError ? error : statusMessage;
  const [buying, setBuying] = useState(false);
  // 'No credits remaining. Purchase more to continue.': the words themselves open the packs.
  const purchaseAt = showError ? -1 : message.indexOf(PURCHASE_MORE);
  return (
    <p
      data-testid="credit-status-message"
      title={message}
      className={cn(
        // Phones wrap it onto two lines instead of cutting it; wider screens keep one line.
        'mt-0.5 line-clamp-2 text-[11px] sm:block sm:max-w-[16rem] sm:truncate lg:max-w-none lg:text-xs',
        // A premium header has no buttons beside it: the whole message fits on a phone.
        isPremium ? 'max-w-[13rem]' : 'max-w-[9.5rem] min-[400px]:max-w-[12rem]',
        showError ? 'text-rose-300' : 'text-zinc-400',
      )}
    >
      {purchaseAt < 0 ? (
        message
      ) : (
        <>
          {message.slice(0, purchaseAt)}
          <button
            type="button"
            onClick={() => setBuying(true)}
            className="font-semibold text-accent-300 underline underline-offset-2 hover:text-white"
          >
            {PURCHASE_MORE}
          </button>
          {message.slice(purchaseAt + PURCHASE_MORE.length)}
          <LazyBuyCreditsDialog open={buying} onClose={() => setBuying(false)} />
        </>
      )}
    </p>
  );
}
