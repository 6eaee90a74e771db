import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCharacterResponseSchema } from '@nocturne/contract/characters/find-characters';
import { request } from '../../../lib/api-client';
import { charactersQueryKey } from './get-characters';

/** `DELETE /api/v1/characters/{id}`. */
export async function deleteCharacter(id: string): Promise<void> {
  await request({
    method: 'DELETE',
    path: `/characters/${encodeURIComponent(id)}`,
    retry: false,
    schema: deleteCharacterResponseSchema,
  });
}

export function useDeleteCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCharacter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charactersQueryKey }),
  });
}
