import type { GetAdminPaymentResponse } from '@nocturne/contract/admin/admin-payments';
import type { ReactNode } from 'react';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useAdminPayment, useReconcilePayment } from '../hooks/use-admin-payments';
import { IpnDeliveries, StatusTimeline } from './payment-history';
import { amountText, boughtText, personText } from './payment-words';
import { ReconcileAnswer } from './reconcile-answer';
import { StatusBadge } from './status-badge';
import { When } from '../../components/when';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="truncate text-sm text-zinc-200">{children}</dd>
    </div>
  );
}

function GrantedText({ detail }: { detail: GetAdminPaymentResponse }) {
  const { granted, subscription } = detail;
  if (!granted) return <>Nothing yet</>;
  if (granted.kind === 'credits') return <>{granted.credits} credits</>;
  return (
    <>
      {granted.plan === 'lifetime' ? 'Lifetime plan' : 'Monthly plan'}
      {granted.periodEnd && (
        <>
          {' '}
          until <When iso={granted.periodEnd} />
        </>
      )}
      {subscription && ` (now ${subscription.status})`}
    </>
  );
}

function Facts({ detail }: { detail: GetAdminPaymentResponse }) {
  const { payment } = detail;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Fact label="Person">
        <span title={personText(payment)}>{personText(payment)}</span>
      </Fact>
      <Fact label="Bought">{boughtText(payment)}</Fact>
      <Fact label="Amount">
        {amountText(payment)}
        {payment.actuallyPaid && payment.payCurrency
          ? ` · paid ${payment.actuallyPaid} ${payment.payCurrency.toUpperCase()}`
          : ''}
      </Fact>
      <Fact label="Granted">
        <GrantedText detail={detail} />
      </Fact>
      <Fact label="Created">
        <When iso={payment.createdAt} />
      </Fact>
      <Fact label="Updated">
        <When iso={payment.updatedAt} />
      </Fact>
      <Fact label="Order id">
        <span className="font-mono text-xs" title={payment.orderId}>
          {payment.orderId}
        </span>
      </Fact>
      <Fact label="Invoice · provider payment">
        <span className="font-mono text-xs">
          {payment.invoiceId ?? '—'} · {payment.providerPaymentId ?? '—'}
        </span>
      </Fact>
    </dl>
  );
}

/** One payment: its facts, "Reconcile now" with the provider's answer, its history and IPNs. */
export function PaymentDetail({
  paymentId,
  onClose,
}: {
  paymentId: string | null;
  onClose: () => void;
}) {
  const detail = useAdminPayment(paymentId);
  const reconcile = useReconcilePayment();
  const payment = detail.data?.payment;
  const canReconcile = payment?.providerPaymentId != null && !payment.manual;

  return (
    <Modal
      open={paymentId !== null}
      onClose={() => {
        reconcile.reset();
        onClose();
      }}
      title={
        payment ? (
          <span className="flex items-center gap-2">
            Payment <StatusBadge status={payment.status} />
          </span>
        ) : (
          'Payment'
        )
      }
      size="lg"
    >
      {detail.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : detail.isError ? (
        <LoadErrorPanel
          title="This payment could not load"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
          headingLevel="h3"
        />
      ) : (
        <div className="flex flex-col gap-5">
          <Facts detail={detail.data} />
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="glass"
                size="sm"
                loading={reconcile.isPending}
                disabled={!canReconcile}
                onClick={() => reconcile.mutate(detail.data.payment.id)}
              >
                Reconcile now
              </Button>
              <span className="text-xs text-zinc-400">
                {canReconcile
                  ? 'Asks the provider about this payment now, as the reconcile job does.'
                  : payment?.manual
                    ? 'Granted by hand: there is no provider payment to ask about.'
                    : 'Nobody has paid this invoice yet: there is no provider payment to ask about.'}
              </span>
            </div>
            {reconcile.data && <ReconcileAnswer answer={reconcile.data} />}
            {reconcile.isError && <AlertText>{reconcile.error.message}</AlertText>}
          </div>
          <StatusTimeline history={detail.data.statusHistory} />
          <IpnDeliveries deliveries={detail.data.ipnDeliveries} />
        </div>
      )}
    </Modal>
  );
}
