import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Character } from '@nocturne/contract/characters/character';
import { characterResponseSchema } from '@nocturne/contract/characters/create-character';
import {
  updateCharacterRequestSchema,
  type UpdateCharacterRequest,
} from '@nocturne/contract/characters/update-character';
import { request } from '../../../lib/api-client';
import { charactersQueryKey } from './get-characters';

/** `PUT /api/v1/characters/{id}`: a new name, a new description (screened again), or both. */
export async function updateCharacter({
  id,
  change,
}: {
  id: string;
  change: UpdateCharacterRequest;
}): Promise<Character> {
  const answer = await request({
    method: 'PUT',
    path: `/characters/${encodeURIComponent(id)}`,
    body: { schema: updateCharacterRequestSchema, value: change },
    retry: false,
    schema: characterResponseSchema,
  });
  return answer.character;
}

export function useUpdateCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCharacter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charactersQueryKey }),
  });
}
