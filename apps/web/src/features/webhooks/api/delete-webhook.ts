import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWebhookResponseSchema } from '@nocturne/contract/webhooks/find-webhooks';
import { request } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** `DELETE /api/v1/webhooks/{id}`: no event is sent to it any more. */
export async function deleteWebhook(id: string): Promise<void> {
  await request({
    method: 'DELETE',
    path: `/webhooks/${encodeURIComponent(id)}`,
    retry: false,
    schema: deleteWebhookResponseSchema,
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
