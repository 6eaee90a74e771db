import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { generationsQueryKey } from './get-generations';

/** `DELETE /api/v1/generations/{id}` */
export async function deleteGeneration(id: string): Promise<void> {
  await api.delete<unknown>(`/generations/${encodeURIComponent(id)}`);
}

export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: generationsQueryKey }),
  });
}
