import { useCallback, useMemo, useState } from 'react';
import { BROADCAST_RECONNECT_MAX } from '@nocturne/contract/constants';
import { channels } from '@nocturne/contract/realtime/channels';
import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';
import { useChannelRefresh } from '../../../hooks/use-channel-refresh';
import { browser } from '../../../lib/browser';
import { openPaymentTab } from '../../../lib/payment-tab';
import type { RealtimeClient } from '../../../lib/realtime';
import { useCreateSubscription } from '../api/create-subscription';
import { usePaymentWait } from './use-payment-wait';
import { useSubscriptionRefresh } from './use-subscription-refresh';

/**
 * A checkout: the plan being chosen, its invoice, the provider's payment tab, and the wait for
 * the payment (the person's subscription channel, then refreshes, then a reload).
 */
export function useCheckout(userId: string | null | undefined, realtimeClient: RealtimeClient) {
  const create = useCreateSubscription();
  const { invalidate, refreshUntilSettled } = useSubscriptionRefresh();
  const [choosing, setChoosing] = useState<SubscriptionPlan | null>(null);

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
    create.mutate(choosing, {
      onSuccess: ({ invoice_url }) => {
        if (tab.send(invoice_url)) paymentOpened();
      },
      onError: () => tab.close(),
      onSettled: () => setChoosing(null),
    });
  }

  function openPayment(invoiceUrl: string) {
    window.open(invoiceUrl, '_blank', 'noopener,noreferrer');
    paymentOpened();
  }

  return { create, choosing, setChoosing, wait, continueToPayment, openPayment };
}
