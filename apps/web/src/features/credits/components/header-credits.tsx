import { showRequestCreditsButton } from '@nocturne/contract/credits/credit-status';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { paths } from '../../../config/paths';
import { useCredits } from '../hooks/use-credits';
import { CreditNotices } from './credit-notices';
import { CreditSummary } from './credit-summary';
import { CreditCooldownTimer } from './credit-cooldown-timer';
import { GiftIcon, SparkIcon } from './credit-icons';

export const REQUEST_CREDITS_LABEL = 'Get daily credits';
export const UPGRADE_LABEL = 'Upgrade to Premium';

/**
 * The header's credit area (spec §2). On phones the buttons collapse to 44 px icons; their
 * accessible names stay the full texts, and the same texts are their tooltips.
 */
export function HeaderCredits() {
  const credits = useCredits();
  const { balance, isPremium, canRequestCredits, nextEligibleAt } = credits;

  if (credits.loading) {
    return (
      <span
        role="status"
        aria-label="Loading credits"
        className="h-8 w-20 animate-pulse rounded-full bg-glass-strong"
      />
    );
  }

  const showRequest = showRequestCreditsButton({ balance, isPremium, canRequestCredits });
  const cooldownUntil = !isPremium && !canRequestCredits ? nextEligibleAt : null;

  return (
    <div className="flex min-w-0 items-center gap-1.5 sm:gap-2.5">
      <CreditSummary />
      {showRequest && (
        <Button
          variant="success"
          size="sm"
          onClick={() => void credits.requestDailyCredits()}
          disabled={credits.isRequesting}
          aria-busy={credits.isRequesting || undefined}
          title={REQUEST_CREDITS_LABEL}
          className="shrink-0 max-sm:size-11 max-sm:px-0"
          icon={<GiftIcon className="size-4 shrink-0" />}
        >
          <span className="max-sm:sr-only">{REQUEST_CREDITS_LABEL}</span>
        </Button>
      )}
      {cooldownUntil && <CreditCooldownTimer nextEligibleAt={cooldownUntil} />}
      {!isPremium && (
        <LinkButton
          to={paths.app.subscription.getHref()}
          size="sm"
          title={UPGRADE_LABEL}
          className="shrink-0 max-sm:size-11 max-sm:px-0"
        >
          <SparkIcon className="size-4 shrink-0" />
          <span className="max-sm:sr-only">{UPGRADE_LABEL}</span>
        </LinkButton>
      )}
      <CreditNotices />
    </div>
  );
}
