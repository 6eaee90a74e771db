import {
  ADMIN_SUBSCRIPTION_STATUSES,
  findAdminSubscriptionsQuerySchema,
  type AdminSubscription,
} from '@nocturne/contract/admin/admin-subscriptions';
import { useAdminSubscriptions } from '../hooks/use-admin-payments';
import { StatusSearchList } from '../../components/status-search-list';
import { useStatusSearch } from '../../components/use-status-search';
import { StatusBadge } from './status-badge';
import { When } from '../../components/when';

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
  const filters = useStatusSearch<Status>(findAdminSubscriptionsQuerySchema.shape.q);
  return (
    <StatusSearchList
      filters={filters}
      statusOptions={STATUS_OPTIONS}
      searchLabel="Search subscriptions"
      searchPlaceholder="Email or person id"
      list={useAdminSubscriptions(filters.query)}
      errorTitle="Subscriptions could not load"
      rowsOf={(data) => ({ count: data.subscriptions.length, total: data.total })}
      empty={(filtered) =>
        filtered
          ? 'No subscription matches this search.'
          : 'No subscriptions yet. Each person who starts a monthly or lifetime plan will appear here.'
      }
      pagerLabel="Subscription pages"
    >
      {(data) => (
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
          {data.subscriptions.map((subscription) => (
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
      )}
    </StatusSearchList>
  );
}
