import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Character } from '@nocturne/contract/characters/character';
import {
  characterResponseSchema,
  createCharacterRequestSchema,
  type CreateCharacterRequest,
} from '@nocturne/contract/characters/create-character';
import { request } from '../../../lib/api-client';
import { charactersQueryKey } from './get-characters';

/** `POST /api/v1/characters`. Not retried: a 409 or a refused description is the final answer. */
export async function createCharacter(value: CreateCharacterRequest): Promise<Character> {
  const answer = await request({
    method: 'POST',
    path: '/characters',
    body: { schema: createCharacterRequestSchema, value },
    retry: false,
    schema: characterResponseSchema,
  });
  return answer.character;
}

export function useCreateCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCharacter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charactersQueryKey }),
  });
}
