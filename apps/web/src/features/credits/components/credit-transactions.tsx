import { HISTORY_SKELETON_ROWS } from '@nocturne/contract/constants';
import { LoadErrorPanel } from '../../../components/errors/load-error-panel';
import { InfiniteListFooter } from '../../../components/lists/infinite-list-footer';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreditHistory } from '../api/get-credit-history';
import { useCredits } from '../hooks/use-credits';
import { CreditTransactionRow } from './credit-transaction-row';

const listClasses = 'glass-panel divide-y divide-glass-border overflow-hidden rounded-3xl';

function TransactionsSkeleton() {
  return (
    <div role="status" aria-label="Loading credit history">
      <ul aria-hidden="true" className={listClasses}>
        {Array.from({ length: HISTORY_SKELETON_ROWS }, (_, index) => (
          <li
            key={index}
            data-testid="credit-row-skeleton"
            className="flex items-center gap-4 px-5 py-3.5"
          >
            <span className="size-9 animate-pulse rounded-xl bg-glass-strong" />
            <span className="flex-1 space-y-2">
              <span className="block h-3.5 w-32 animate-pulse rounded bg-glass-strong" />
              <span className="block h-3 w-24 animate-pulse rounded bg-glass" />
            </span>
            <span className="h-4 w-8 animate-pulse rounded bg-glass-strong" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The credit ledger, newest first: infinite scroll with a Load More fallback (spec §2). */
export function CreditTransactions() {
  const query = useCreditHistory();
  const { isPremium } = useCredits();

  if (query.isPending) return <TransactionsSkeleton />;

  if (query.isError && !query.data) {
    return (
      <LoadErrorPanel
        headingLevel="h3"
        title="Failed to Load Credit History"
        message={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const entries = query.data.pages.flatMap((page) => page.history);
  if (entries.length === 0) {
    return (
      <div className="glass-panel rounded-3xl px-6 py-12 text-center">
        <h3 className="text-lg font-semibold text-white">No credit activity yet</h3>
        <p className="mt-2 text-sm text-zinc-400">
          {isPremium
            ? 'Premium generations cost no credits; credits you buy or receive show up here.'
            : 'Claim your free daily credits with the Get daily credits button at the top of the page, then every credit you receive or spend shows up here.'}
        </p>
      </div>
    );
  }

  return (
    <div>
      <ul aria-label="Credit transactions" className={listClasses}>
        {entries.map((entry) => (
          <CreditTransactionRow key={entry.id} entry={entry} />
        ))}
      </ul>
      <InfiniteListFooter
        query={query}
        loadedCount={entries.length}
        errorTitle="Failed to Load Credit History"
        endMessage="That is all of your credit activity."
      />
    </div>
  );
}
