import type { CreditHistoryEntry } from '@nocturne/contract/credits/get-credit-history';
import { cn } from '../../../lib/cn';
import {
  creditLineDetail,
  creditLineLabel,
  formatSignedCredits,
  formatTransactionDate,
} from '../utils/format-transaction';

export function CreditTransactionRow({ entry }: { entry: CreditHistoryEntry }) {
  const detail = creditLineDetail(entry);
  const credit = entry.amount > 0;
  const debit = entry.amount < 0;
  return (
    <li className="flex items-center gap-3 px-4 py-3.5 sm:gap-4 sm:px-5">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-xl text-sm font-semibold',
          credit && 'bg-emerald-500/12 text-emerald-300',
          debit && 'bg-rose-500/12 text-rose-300',
          !credit && !debit && 'bg-glass text-zinc-400',
        )}
      >
        {credit ? '+' : debit ? '−' : '·'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-white">{creditLineLabel(entry)}</p>
        {detail && (
          <p
            data-testid="credit-detail"
            className="mt-0.5 truncate text-xs text-zinc-300"
            title={detail}
          >
            {detail}
          </p>
        )}
        <p className="mt-0.5 text-xs text-zinc-400">
          <time dateTime={entry.created_at}>{formatTransactionDate(entry.created_at)}</time>
        </p>
      </div>
      <span
        data-testid="credit-amount"
        data-sign={credit ? 'positive' : debit ? 'negative' : 'zero'}
        className={cn(
          'shrink-0 text-sm font-semibold tabular-nums',
          credit && 'text-emerald-400',
          debit && 'text-rose-400',
          !credit && !debit && 'text-zinc-400',
        )}
      >
        {formatSignedCredits(entry.amount)}
      </span>
    </li>
  );
}
