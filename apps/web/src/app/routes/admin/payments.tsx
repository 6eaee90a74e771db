import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConsolePage } from '../../../features/admin/components/console-page';
import { GrantPlanDialog } from '../../../features/admin/payments/components/grant-plan-dialog';
import { PaymentDetail } from '../../../features/admin/payments/components/payment-detail';
import { PaymentsList } from '../../../features/admin/payments/components/payments-list';
import { SubscriptionsList } from '../../../features/admin/payments/components/subscriptions-list';
import { cn } from '../../../lib/cn';

const TABS = [
  { id: 'payments', label: 'Payments' },
  { id: 'subscriptions', label: 'Subscriptions' },
] as const;

/**
 * Every payment and subscription with its history; reconcile, or grant a plan by hand.
 * `?grant=<userId>` opens the grant dialog for that person (the Person page links here).
 */
export function ConsolePaymentsRoute() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'subscriptions' ? 'subscriptions' : 'payments';
  const grantFor = params.get('grant');
  const [opened, setOpened] = useState<string | null>(null);

  function update(change: (next: URLSearchParams) => void) {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  }

  return (
    <ConsolePage
      title="Payments"
      description="Payments and subscriptions, their status history and IPN deliveries."
      actions={
        <Button variant="glass" onClick={() => update((next) => next.set('grant', ''))}>
          Grant a plan by hand
        </Button>
      }
    >
      <div role="tablist" aria-label="Payments or subscriptions" className="mb-5 flex gap-2">
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            onClick={() => update((next) => next.set('tab', item.id))}
            className={cn(
              'rounded-xl px-4 py-2 text-sm font-medium transition',
              tab === item.id ? 'bg-white/10 text-white' : 'text-zinc-400 hover:text-white',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab === 'payments' ? 'Payments' : 'Subscriptions'}>
        {tab === 'payments' ? <PaymentsList onOpen={setOpened} /> : <SubscriptionsList />}
      </div>
      <PaymentDetail paymentId={opened} onClose={() => setOpened(null)} />
      {grantFor !== null && (
        <GrantPlanDialog
          open
          initialPerson={grantFor}
          onClose={() => update((next) => next.delete('grant'))}
        />
      )}
    </ConsolePage>
  );
}
