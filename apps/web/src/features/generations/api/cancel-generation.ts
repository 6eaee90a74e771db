import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelGenerationResponseSchema,
  type CancelGenerationResponse,
} from '@nocturne/contract/generations/cancel-generation';
import { request } from '../../../lib/api-client';
import { creditStateQueryKey } from '../../../lib/query-keys';
import { generationsQueryKey } from './get-generations';

/**
 * `POST /api/v1/generations/{id}/cancel` with the request id: every queued or running image of
 * the submit stops and its credit comes back.
 */
export function cancelGeneration(requestId: string): Promise<CancelGenerationResponse> {
  return request({
    method: 'POST',
    path: `/generations/${encodeURIComponent(requestId)}/cancel`,
    schema: cancelGenerationResponseSchema,
  });
}

/**
 * Cancels a submit and re-reads what it changed, whatever the answer: the balance (the header
 * shows the refund even when the credits channel is down) and the history. A submit that already
 * finished answers 422 and keeps its images, which the history then lists; nothing is left to
 * tell the person.
 */
export function useCancelGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGeneration,
    // Sent at once like every request of the flow, never held back while the browser says offline.
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditStateQueryKey }),
        queryClient.invalidateQueries({ queryKey: generationsQueryKey }),
      ]),
  });
}
