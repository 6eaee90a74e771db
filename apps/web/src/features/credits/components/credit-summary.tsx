import { getGenerationBadge, showLowCreditsBadge } from '@nocturne/contract/credits/credit-status';
import { useState } from 'react';
import { useCredits } from '../hooks/use-credits';
import { useGenerationCount } from '../hooks/use-generation-count';
import { LazyBuyCreditsDialog } from './lazy-buy-credits-dialog';
import { CreditBadge } from './credit-badge';
import { BalanceButton } from './balance-button';
import { CreditStatusMessage } from './credit-status-message';

/** Balance (or PREMIUM), badges and, as a second line, the status message. */
export function CreditSummary() {
  const credits = useCredits();
  const generationCount = useGenerationCount();
  const { balance, isPremium, isNewUser } = credits;
  const generationBadge = isPremium ? null : getGenerationBadge(generationCount);
  const showError = credits.error !== null && !isNewUser;
  const [buying, setBuying] = useState(false);

  return (
    <div className="flex min-w-0 flex-col justify-center leading-tight">
      <div className="flex min-w-0 items-center gap-1.5">
        {isPremium ? (
          <CreditBadge tone="premium">PREMIUM</CreditBadge>
        ) : (
          <BalanceButton balance={balance} onBuy={() => setBuying(true)} />
        )}
        {showLowCreditsBadge({ balance, isPremium }) && (
          <CreditBadge tone="warning">Low Credits</CreditBadge>
        )}
        {generationBadge && (
          // Phones show a star with the name as its tooltip; the text stays for assistive tech.
          <CreditBadge tone="accent" className="max-sm:w-5 max-sm:justify-center max-sm:px-0">
            <span aria-hidden="true" title={generationBadge} className="sm:hidden">
              ★
            </span>
            <span className="max-sm:sr-only">{generationBadge}</span>
          </CreditBadge>
        )}
        {showError && (
          <button
            type="button"
            title={`${credits.error} Select to retry.`}
            onClick={() => void credits.refresh()}
            className="inline-flex h-5 shrink-0 items-center rounded-full border border-rose-400/30 bg-rose-500/15 px-1.5 text-[10px] font-semibold whitespace-nowrap text-rose-300 transition hover:bg-rose-500/25 sm:px-2 sm:text-[11px]"
          >
            Credit Error
          </button>
        )}
      </div>
      <CreditStatusMessage />
      <LazyBuyCreditsDialog open={buying} onClose={() => setBuying(false)} />
    </div>
  );
}
