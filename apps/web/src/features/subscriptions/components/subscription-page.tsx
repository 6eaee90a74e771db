import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useRealtimeClient } from '../../../lib/realtime-context';
import { useSubscriptionPrice } from '../api/get-subscription-price';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { useCheckout } from '../hooks/use-checkout';
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
}: {
  userId: string | null | undefined;
  /** This server's catalog, for the models perk (none read: the perk promises no models). */
  models?: ServerModels;
}) {
  const status = useSubscriptionStatus();
  const price = useSubscriptionPrice();
  const checkout = useCheckout(userId, useRealtimeClient());
  const { create, wait } = checkout;

  if (status.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-zinc-400">
        <Spinner /> Loading subscription...
      </p>
    );
  }

  const current = status.data?.has_subscription ? status.data : null;
  const invoice = create.data;
  const stored = status.data ? summarizeSubscription(status.data) : null;
  const bannersHidden = stored?.kind === 'expired' || stored?.kind === 'cancelled';
  const settledActive = stored?.kind === 'active' && !current?.invoice_url;
  const checkoutShown = !!invoice && !bannersHidden && !settledActive;
  // The checkout banner and the pending card already say the payment is on its way: the status
  // card's own warning would say it a third time.
  const summary =
    stored && checkoutShown && stored.kind === 'pending' ? { ...stored, warning: null } : stored;
  const showUpgrade =
    !!summary &&
    (summary.kind === 'none' || summary.kind === 'expired' || summary.kind === 'cancelled');
  const createError = create.error ? createSubscriptionErrorMessage(create.error) : null;

  return (
    <div className="flex flex-col gap-6">
      {status.error && <ErrorBanner message={getErrorMessage(status.error)} />}
      {invoice && checkoutShown && (
        <CheckoutSuccessBanner
          message={invoice.message}
          onOpenPayment={() => checkout.openPayment(invoice.invoice_url)}
        />
      )}
      {WAITING.includes(wait.state.status) && !bannersHidden && !settledActive && (
        <ActivatingBanner />
      )}
      {summary && <SubscriptionStatusCard summary={summary} />}
      {summary?.kind === 'pending' && (
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
          onChoose={checkout.setChoosing}
        />
      )}
      <PremiumFeatures models={models} />
      <PaymentInstructionsModal
        open={checkout.choosing !== null}
        processing={create.isPending}
        onCancel={() => checkout.setChoosing(null)}
        onContinue={checkout.continueToPayment}
      />
    </div>
  );
}
