import type { GetAdminPaymentResponse } from '@nocturne/contract/admin/admin-payments';
import { ipnOutcomeText } from './payment-words';
import { StatusBadge } from './status-badge';
import { When } from '../../components/when';

const heading = 'text-sm font-semibold text-white';

/** Each status applied to the payment, oldest first, and who brought it. */
export function StatusTimeline({ history }: { history: GetAdminPaymentResponse['statusHistory'] }) {
  return (
    <section aria-label="Status history">
      <h3 className={heading}>Status history</h3>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">
          No status applied yet: each status the provider reports (by IPN or reconcile) appears
          here.
        </p>
      ) : (
        <ol className="mt-2 space-y-2 border-l border-white/10 pl-4">
          {history.map((event) => (
            <li key={`${event.providerPaymentId}:${event.status}`} className="text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={event.status} />
                <span className="text-zinc-400">
                  by {event.source === 'ipn' ? 'IPN' : event.source} · <When iso={event.at} />
                </span>
              </div>
              <p className="mt-0.5 truncate font-mono text-xs text-zinc-500">
                provider payment {event.providerPaymentId}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What the provider sent about this payment, newest first. */
export function IpnDeliveries({
  deliveries,
}: {
  deliveries: GetAdminPaymentResponse['ipnDeliveries'];
}) {
  return (
    <section aria-label="IPN deliveries">
      <h3 className={heading}>IPN deliveries</h3>
      {deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">
          No IPN received for this payment (they are kept for the audit retention period).
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-white/5 text-sm">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <When iso={delivery.receivedAt} />
              {/* The claimed status in the same pill as the status history's. */}
              <span className="flex items-center gap-1.5 text-zinc-300">
                claims{' '}
                {delivery.claimedStatus ? (
                  <StatusBadge status={delivery.claimedStatus} />
                ) : (
                  'nothing readable'
                )}
              </span>
              <span className={delivery.signatureValid ? 'text-emerald-300' : 'text-rose-300'}>
                {delivery.signatureValid ? 'signature valid' : 'signature invalid'}
              </span>
              <span className="text-zinc-400">{ipnOutcomeText(delivery)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
