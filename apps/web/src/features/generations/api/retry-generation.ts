import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { generationsQueryKey } from './get-generations';

/** `POST /api/v1/generations/{id}/retry` with an empty body (spec §7; the answer is not shown). */
export async function retryGeneration(id: string): Promise<unknown> {
  return api.post<unknown>(`/generations/${encodeURIComponent(id)}/retry`);
}

export function useRetryGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryGeneration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: generationsQueryKey }),
  });
}
