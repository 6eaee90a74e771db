import { useQuery } from '@tanstack/react-query';
import {
  findWebhookDeliveriesResponseSchema,
  type WebhookDelivery,
} from '@nocturne/contract/webhooks/webhook-deliveries';
import { request } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** `GET /api/v1/webhooks/{id}/deliveries`: the most recent first. */
export async function getWebhookDeliveries(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<WebhookDelivery[]> {
  const answer = await request({
    path: `/webhooks/${encodeURIComponent(id)}/deliveries`,
    signal: options.signal,
    schema: findWebhookDeliveriesResponseSchema,
  });
  return answer.deliveries;
}

/** A webhook's deliveries while they are shown, read again every few seconds (retries move on). */
export function useWebhookDeliveriesQuery(id: string) {
  return useQuery({
    queryKey: [...webhooksQueryKey, id, 'deliveries'],
    queryFn: ({ signal }) => getWebhookDeliveries(id, { signal }),
    refetchInterval: 5000,
  });
}
