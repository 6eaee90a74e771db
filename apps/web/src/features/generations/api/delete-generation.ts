import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteGenerationResponseSchema } from '@nocturne/contract/generations/delete-generation';
import { request } from '../../../lib/api-client';
import { generationsQueryKey } from './get-generations';

/** `DELETE /api/v1/generations/{id}` */
export async function deleteGeneration(id: string): Promise<void> {
  await request({
    method: 'DELETE',
    path: `/generations/${encodeURIComponent(id)}`,
    schema: deleteGenerationResponseSchema,
  });
}

export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: generationsQueryKey }),
  });
}
