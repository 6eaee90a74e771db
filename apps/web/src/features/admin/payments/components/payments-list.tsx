import {
  ADMIN_PAYMENT_STATUSES,
  findAdminPaymentsQuerySchema,
  type AdminPayment,
} from '@nocturne/contract/admin/admin-payments';
import { Button } from '../../../../components/ui/button';
import { useAdminPayments } from '../hooks/use-admin-payments';
import { StatusSearchList } from '../../components/status-search-list';
import { useStatusSearch } from '../../components/use-status-search';
import { amountText, boughtText, personText } from './payment-words';
import { StatusBadge } from './status-badge';
import { When } from '../../components/when';

const STATUS_OPTIONS = [
  { value: '', label: 'Every status' },
  ...ADMIN_PAYMENT_STATUSES.map((status) => ({
    value: status,
    label: status.replaceAll('_', ' '),
  })),
];
type Status = (typeof ADMIN_PAYMENT_STATUSES)[number];

function Flags({ payment }: { payment: AdminPayment }) {
  return (
    <>
      {payment.manual && <span className="text-xs text-accent-300">granted by hand</span>}
      {payment.awaitingReconcile && (
        <span className="text-xs text-amber-300">waiting for reconcile</span>
      )}
    </>
  );
}

function PaymentCard({ payment, onOpen }: { payment: AdminPayment; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="glass-panel w-full rounded-2xl p-4 text-left hover:border-accent-400/40"
      >
        <div className="flex items-start justify-between gap-3">
          <span className="min-w-0 truncate text-sm font-medium text-white">
            {personText(payment)}
          </span>
          <StatusBadge status={payment.status} />
        </div>
        <p className="mt-1 text-sm text-zinc-300">
          {boughtText(payment)} · {amountText(payment)}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-zinc-400">
          <When iso={payment.createdAt} />
          <Flags payment={payment} />
        </p>
      </button>
    </li>
  );
}

function PaymentsTable({
  payments,
  onOpen,
}: {
  payments: AdminPayment[];
  onOpen: (id: string) => void;
}) {
  return (
    <div className="glass-panel hidden overflow-x-auto rounded-3xl sm:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Payments</caption>
        <thead className="text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Created
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Person
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Bought
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Provider payment
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {payments.map((payment) => (
            <tr key={payment.id} className="align-top text-zinc-300 hover:bg-white/5">
              <td className="px-4 py-3">
                <When iso={payment.createdAt} />
              </td>
              <td className="max-w-56 px-4 py-3 text-white [overflow-wrap:anywhere]">
                {personText(payment)}
              </td>
              <td className="px-4 py-3">{boughtText(payment)}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {amountText(payment)}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-start gap-1">
                  <StatusBadge status={payment.status} />
                  <Flags payment={payment} />
                </div>
              </td>
              <td className="max-w-40 truncate px-4 py-3 font-mono text-xs text-zinc-400">
                {payment.providerPaymentId ?? '—'}
              </td>
              <td className="px-4 py-3 text-right">
                {/* The visible word starts the name; the person tells rows apart for a reader. */}
                <Button
                  type="button"
                  size="xs"
                  variant="glass"
                  aria-label={`Details: ${personText(payment)}`}
                  onClick={() => onOpen(payment.id)}
                >
                  Details
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every payment, newest first, by status and by person, order or provider id. */
export function PaymentsList({ onOpen }: { onOpen: (paymentId: string) => void }) {
  const filters = useStatusSearch<Status>(findAdminPaymentsQuerySchema.shape.q);
  return (
    <StatusSearchList
      filters={filters}
      statusOptions={STATUS_OPTIONS}
      searchLabel="Search"
      searchPlaceholder="Email, person id, order id, provider payment or invoice id"
      list={useAdminPayments(filters.query)}
      errorTitle="Payments could not load"
      rowsOf={(data) => ({ count: data.payments.length, total: data.total })}
      empty={(filtered) =>
        filtered
          ? 'No payment matches this search.'
          : 'No payments yet. Each checkout of a plan or a credit pack will appear here.'
      }
      pagerLabel="Payment pages"
    >
      {(data) => (
        <>
          <PaymentsTable payments={data.payments} onOpen={onOpen} />
          <ul className="flex flex-col gap-3 sm:hidden">
            {data.payments.map((payment) => (
              <PaymentCard key={payment.id} payment={payment} onOpen={() => onOpen(payment.id)} />
            ))}
          </ul>
        </>
      )}
    </StatusSearchList>
  );
}
