import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationSchema, type Generation } from '@nocturne/contract/generations/generation';
import { request } from '../../../lib/api-client';
import { generationsQueryKey } from './get-generations';

/** `POST /api/v1/generations/{id}/retry` with an empty body (spec §7): the generation, queued again. */
export async function retryGeneration(id: string): Promise<Generation> {
  return request({
    method: 'POST',
    path: `/generations/${encodeURIComponent(id)}/retry`,
    schema: generationSchema,
  });
}

export function useRetryGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryGeneration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: generationsQueryKey }),
  });
}
