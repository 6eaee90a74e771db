import { useSession } from '../../../features/auth/api/get-session';
import { BuyCreditsButton } from '../../../features/credits/components/buy-credits-button';
import { CreditErrorBoundary } from '../../../features/credits/components/credit-error-boundary';
import { CreditStatsCards } from '../../../features/credits/components/credit-stats-cards';
import { CreditTransactions } from '../../../features/credits/components/credit-transactions';
import { PremiumKeptCredits } from '../../../features/credits/components/premium-kept-credits';
import { PageHeader } from './page-header';

export function CreditHistoryRoute() {
  const { user } = useSession();
  const joinedAt = user?.createdAt ? new Date(user.createdAt) : undefined;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Credit History" backToDashboard>
        Every credit you received or spent, newest first.
      </PageHeader>
      <CreditErrorBoundary>
        <div className="mb-4 flex justify-end">
          <BuyCreditsButton size="sm" />
        </div>
        <PremiumKeptCredits />
        <CreditStatsCards joinedAt={joinedAt} />
        <h2 className="mt-10 mb-4 text-sm font-semibold tracking-wide text-zinc-300 uppercase">
          Transactions
        </h2>
        <CreditTransactions />
      </CreditErrorBoundary>
    </section>
  );
}
