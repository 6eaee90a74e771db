import { mutationOptions, useMutation } from '@tanstack/react-query';
import {
  topUpCreditsBodySchema,
  topUpCreditsResponseSchema,
  type TopUpCreditsResponse,
} from '@nocturne/contract/credits/top-up-credits';
import { request } from '../../../lib/api-client';

/**
 * `POST /api/v1/credits/topup { package_id }` → the invoice to pay. Sent without retry: each call
 * may create an invoice at the provider.
 */
export async function topUpCredits(packageId: string): Promise<TopUpCreditsResponse> {
  return request({
    method: 'POST',
    path: '/credits/topup',
    body: { schema: topUpCreditsBodySchema, value: { package_id: packageId } },
    retry: false,
    schema: topUpCreditsResponseSchema,
  });
}

export function topUpCreditsMutationOptions() {
  return mutationOptions({
    mutationKey: ['credits', 'topup'],
    mutationFn: topUpCredits,
  });
}

export function useTopUpCredits() {
  return useMutation(topUpCreditsMutationOptions());
}
