import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { creditStateQueryKey } from '../../../lib/query-keys';
import {
  subscriptionStatusQueryKey,
  subscriptionStatusQueryOptions,
} from '../api/get-subscription-status';

/**
 * Re-reading what a payment changes: the subscription status and the credit state (premium is
 * derived from the subscription, so the header's credits change with it).
 */
export function useSubscriptionRefresh() {
  const queryClient = useQueryClient();

  const invalidate = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey });
    void queryClient.invalidateQueries({ queryKey: creditStateQueryKey });
  }, [queryClient]);

  /** Resolves true once the payment is no longer waiting; rejects when the status cannot be read. */
  const refreshUntilSettled = useCallback(async () => {
    void queryClient.invalidateQueries({ queryKey: creditStateQueryKey });
    const status = await queryClient.fetchQuery({
      ...subscriptionStatusQueryOptions,
      staleTime: 0,
    });
    return status.has_subscription && status.status !== 'pending' && !status.invoice_url;
  }, [queryClient]);

  return { invalidate, refreshUntilSettled };
}
