import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createSubscriptionBodySchema,
  createSubscriptionResponseSchema,
  type CreateSubscriptionResponse,
} from '@nocturne/contract/subscriptions/create-subscription';
import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';
import { request } from '../../../lib/api-client';
import { subscriptionStatusQueryKey } from './get-subscription-status';

/**
 * `POST /api/v1/subscriptions/create`. Sent without retry: the refusals (unverified email, already
 * active) are final, and the server answers a live pending invoice again rather than a new one.
 */
export async function createSubscription(
  plan: SubscriptionPlan,
): Promise<CreateSubscriptionResponse> {
  return request({
    method: 'POST',
    path: '/subscriptions/create',
    body: { schema: createSubscriptionBodySchema, value: { plan } },
    retry: false,
    schema: createSubscriptionResponseSchema,
  });
}

export function createSubscriptionMutationOptions() {
  return mutationOptions({
    mutationKey: ['subscriptions', 'create'],
    mutationFn: createSubscription,
  });
}

/** A created invoice makes the subscription pending: the status is re-read (and polled). */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createSubscriptionMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey }),
  });
}
