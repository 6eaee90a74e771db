import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Webhook } from '@nocturne/contract/webhooks/webhook';
import { findWebhooksResponseSchema } from '@nocturne/contract/webhooks/find-webhooks';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/webhooks`: the person's webhooks, oldest first, never their secrets. */
export async function getWebhooks(options: { signal?: AbortSignal } = {}): Promise<Webhook[]> {
  const answer = await request({
    path: '/webhooks',
    signal: options.signal,
    schema: findWebhooksResponseSchema,
  });
  return answer.webhooks;
}

export const webhooksQueryKey = ['webhooks'] as const;

export const webhooksQueryOptions = queryOptions({
  queryKey: webhooksQueryKey,
  queryFn: ({ signal }) => getWebhooks({ signal }),
});

export function useWebhooksQuery() {
  return useQuery(webhooksQueryOptions);
}
