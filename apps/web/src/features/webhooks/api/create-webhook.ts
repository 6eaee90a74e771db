import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  type CreateWebhookRequest,
  type CreateWebhookResponse,
} from '@nocturne/contract/webhooks/create-webhook';
import { request } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** `POST /api/v1/webhooks`. Not retried: a retry would add a second webhook. */
export function createWebhook(value: CreateWebhookRequest): Promise<CreateWebhookResponse> {
  return request({
    method: 'POST',
    path: '/webhooks',
    body: { schema: createWebhookRequestSchema, value },
    retry: false,
    schema: createWebhookResponseSchema,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
