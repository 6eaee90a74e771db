import { useCallback, useMemo, useState } from 'react';
import { BROADCAST_RECONNECT_MAX } from '@nocturne/contract/constants';
import { channels } from '@nocturne/contract/realtime/channels';
import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';
import { Spinner } from '../../../components/ui/spinner';
import { useChannelRefresh } from '../../../hooks/use-channel-refresh';
import { browser } from '../../../lib/browser';
import { getErrorMessage } from '../../../lib/get-error-message';
import { openPaymentTab } from '../../../lib/payment-tab';
import { realtime, type RealtimeClient } from '../../../lib/realtime';
import { useCreateSubscription } from '../api/create-subscription';
import { useSubscriptionPrice } from '../api/get-subscription-price';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { usePaymentWait } from '../hooks/use-payment-wait';
import { useSubscriptionRefresh } from '../hooks/use-subscription-refresh';
import { createSubscriptionErrorMessage } from '../utils/create-subscription-error';
import { summarizeSubscription } from '../utils/subscription-summary';
import { ActivatingBanner, CheckoutSuccessBanner } from './checkout-banners';
import { ErrorBanner } from './error-banner';
import { PaymentInstructionsModal } from './payment-instructions-modal';
import { PremiumFeatures, type ServerModels } from './premium-features';
import { ActivePanel, PaymentFailedPanel, PendingPanel } from './status-panels';
import { SubscriptionStatusCard } from './subscription-status-card';
import { UpgradeCard } from './upgrade-card';

const NO_MODELS: ServerModels = { data: undefined, isPending: false };
const WAITING = ['awaiting-realtime', 'backing-off', 'refreshing', 'reloading'];

/** Spec §2 /subscription below its heading: status, the way to pay, and the wait for payment. */
export function SubscriptionPage({
  userId,
  models = NO_MODELS,
  realtimeClient = realtime,
}: {
  userId: string | null | undefined;
  /** This server's catalog, for the models perk (none read: the perk promises no models). */
  models?: ServerModels;
  realtimeClient?: RealtimeClient;
}) {
  const status = useSubscriptionStatus();
  const price = useSubscriptionPrice();
  const create = useCreateSubscription();
  const { invalidate, refreshUntilSettled } = useSubscriptionRefresh();
  const [choosing, setChoosing] = useState<SubscriptionPlan | null>(null);
  const [tabOpened, setTabOpened] = useState(false);

  const waitEffects = useMemo(
    () => ({ refresh: refreshUntilSettled, reload: browser.reload }),
    [refreshUntilSettled],
  );
  const wait = usePaymentWait(waitEffects);
  const { realtimeUpdate, paymentOpened } = wait;
  const onRealtimeEvent = useCallback(() => {
    invalidate();
    realtimeUpdate();
  }, [invalidate, realtimeUpdate]);
  useChannelRefresh(
    userId ? channels.subscription(userId) : null,
    realtimeClient,
    onRealtimeEvent,
    BROADCAST_RECONNECT_MAX,
  );

  // The tab opens inside the click (pop-up blockers allow nothing later) and gets the invoice
  // once it exists; a blocked tab leaves the 'Open Payment Page' button as the way there.
  function continueToPayment() {
    if (!choosing) return;
    const tab = openPaymentTab();
    setTabOpened(false);
    create.mutate(choosing, {
      onSuccess: ({ invoice_url }) => {
        if (!tab.send(invoice_url)) return;
        setTabOpened(true);
        paymentOpened();
      },
      onError: () => tab.close(),
      onSettled: () => setChoosing(null),
    });
  }

  function openPayment(invoiceUrl: string) {
    window.open(invoiceUrl, '_blank', 'noopener,noreferrer');
    paymentOpened();
  }

  if (status.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-zinc-400">
        <Spinner /> Loading subscription...
      </p>
    );
  }

  const current = status.data?.has_subscription ? status.data : null;
  const checkout = create.data;
  const stored = status.data ? summarizeSubscription(status.data) : null;
  const bannersHidden = stored?.kind === 'expired' || stored?.kind === 'cancelled';
  const settledActive = stored?.kind === 'active' && !current?.invoice_url;
  const checkoutShown = !!checkout && !bannersHidden && !settledActive;
  // The checkout banners already say the payment is on its way: the pending state shows once.
  const summary =
    stored && checkoutShown && stored.kind === 'pending' ? { ...stored, warning: null } : stored;
  const showUpgrade =
    !!summary &&
    (summary.kind === 'none' || summary.kind === 'expired' || summary.kind === 'cancelled');
  const createError = create.error ? createSubscriptionErrorMessage(create.error) : null;

  return (
    <div className="flex flex-col gap-6">
      {status.error && <ErrorBanner message={getErrorMessage(status.error)} />}
      {checkout && checkoutShown && (
        <CheckoutSuccessBanner
          message={checkout.message}
          invoiceUrl={checkout.invoice_url}
          tabOpened={tabOpened}
          onOpenPayment={() => openPayment(checkout.invoice_url)}
        />
      )}
      {WAITING.includes(wait.state.status) && !bannersHidden && !settledActive && (
        <ActivatingBanner />
      )}
      {summary && <SubscriptionStatusCard summary={summary} />}
      {summary?.kind === 'pending' && !checkoutShown && (
        <PendingPanel
          invoiceUrl={current?.invoice_url}
          checking={status.isFetching}
          onCheck={() => void status.refetch()}
        />
      )}
      {summary?.kind === 'active' && <ActivePanel />}
      {summary?.kind === 'cancelled' && (
        <PaymentFailedPanel supportEmail={price.data?.support_email} />
      )}
      {(showUpgrade || summary?.expiringSoon) && (
        <UpgradeCard
          price={price}
          error={createError}
          renewal={summary?.expiringSoon}
          onChoose={setChoosing}
        />
      )}
      <PremiumFeatures models={models} />
      <PaymentInstructionsModal
        open={choosing !== null}
        processing={create.isPending}
        onCancel={() => setChoosing(null)}
        onContinue={continueToPayment}
      />
    </div>
  );
}
