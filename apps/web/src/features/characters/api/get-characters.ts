import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Character } from '@nocturne/contract/characters/character';
import { findCharactersResponseSchema } from '@nocturne/contract/characters/find-characters';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/characters`: the person's characters, by name. */
export async function getCharacters(options: { signal?: AbortSignal } = {}): Promise<Character[]> {
  const answer = await request({
    path: '/characters',
    signal: options.signal,
    schema: findCharactersResponseSchema,
  });
  return answer.characters;
}

/** The generation modal reads the same key with the same answer (its `@` completion). */
export const charactersQueryKey = ['characters'] as const;

export const charactersQueryOptions = queryOptions({
  queryKey: charactersQueryKey,
  queryFn: ({ signal }) => getCharacters({ signal }),
});

export function useCharactersQuery() {
  return useQuery(charactersQueryOptions);
}
