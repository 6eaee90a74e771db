import {
  ADMIN_SUBSCRIPTION_STATUSES,
  type AdminSubscription,
} from '@nocturne/contract/admin/admin-subscriptions';
import { useState, type FormEvent } from 'react';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { Spinner } from '../../../../components/ui/spinner';
import { useAdminSubscriptions } from '../hooks/use-admin-payments';
import { Pager } from '../../components/pager';
import { StatusBadge } from './status-badge';
import { When } from '../../components/when';

const PAGE = 25;
const GRID =
  'grid-cols-1 gap-1 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_1fr_1fr_minmax(0,1.5fr)] sm:items-center sm:gap-4';
type Status = (typeof ADMIN_SUBSCRIPTION_STATUSES)[number];
const STATUS_OPTIONS = [
  { value: '', label: 'Every status' },
  ...ADMIN_SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: status })),
];

function Period({ subscription }: { subscription: AdminSubscription }) {
  if (subscription.isLifetime) return <span>for life</span>;
  return (
    <span>
      until <When iso={subscription.expiresAt} fallback="not paid yet" />
    </span>
  );
}

const planName = (subscription: AdminSubscription) =>
  subscription.plan === 'lifetime' ? 'Lifetime' : 'Monthly';

/** Each person's plan, active and past, latest change first. */
export function SubscriptionsList() {
  const [status, setStatus] = useState<Status | ''>('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useAdminSubscriptions({ status: status || undefined, q, limit: PAGE, offset });

  function search(event: FormEvent) {
    event.preventDefault();
    setQ(draft.trim());
    setOffset(0);
  }

  return (
    <div>
      <form onSubmit={search} className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status | '');
            setOffset(0);
          }}
          containerClassName="sm:w-48"
        />
        <Input
          label="Search subscriptions"
          type="search"
          placeholder="Email or person id"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          containerClassName="flex-1"
        />
        <Button type="submit" variant="glass">
          Search
        </Button>
      </form>
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : list.isError ? (
        <LoadErrorPanel
          title="Subscriptions could not load"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.subscriptions.length === 0 ? (
        <p className="glass-panel rounded-3xl px-6 py-10 text-center text-sm text-zinc-400">
          {q || status
            ? 'No subscription matches this search.'
            : 'No subscriptions yet. Each person who starts a monthly or lifetime plan will appear here.'}
        </p>
      ) : (
        <>
          <ul className="glass-panel divide-y divide-white/5 rounded-3xl">
            <li
              aria-hidden="true"
              className={`${GRID} hidden text-xs tracking-wide text-zinc-400 uppercase sm:grid`}
            >
              <span>Person</span>
              <span>Plan</span>
              <span>Status</span>
              <span>Paid period</span>
            </li>
            {list.data.subscriptions.map((subscription) => (
              <li key={subscription.userId} className={`${GRID} grid text-sm`}>
                <span className="truncate font-medium text-white" title={subscription.email}>
                  {subscription.email}
                </span>
                <span className="text-zinc-300">{planName(subscription)}</span>
                <span>
                  <StatusBadge status={subscription.status} />
                </span>
                <span className="text-zinc-400">
                  <Period subscription={subscription} />
                </span>
              </li>
            ))}
          </ul>
          <Pager
            offset={offset}
            limit={PAGE}
            total={list.data.total}
            onChange={setOffset}
            label="Subscription pages"
          />
        </>
      )}
    </div>
  );
}
