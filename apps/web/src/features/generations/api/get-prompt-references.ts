import { useQuery } from '@tanstack/react-query';
import type { Character } from '@nocturne/contract/characters/character';
import { findCharactersResponseSchema } from '@nocturne/contract/characters/find-characters';
import type { PromptReferences } from '@nocturne/contract/text/prompt-references';
import {
  findWildcardsResponseSchema,
  type FindWildcardsResponse,
} from '@nocturne/contract/wildcards/person-wildcards';
import { request } from '../../../lib/api-client';

/**
 * The keys and answers the profile's Characters and Wildcards sections read too (features
 * characters/ and wildcards/), so a change saved there refreshes the modal's completion and count.
 */
const CHARACTERS_KEY = ['characters'] as const;
const WILDCARDS_KEY = ['wildcards'] as const;

async function readCharacters(signal: AbortSignal): Promise<Character[]> {
  return (await request({ path: '/characters', signal, schema: findCharactersResponseSchema }))
    .characters;
}

function readWildcards(signal: AbortSignal): Promise<FindWildcardsResponse> {
  return request({ path: '/wildcards', signal, schema: findWildcardsResponseSchema });
}

/** What the references stand for, a person's own list shadowing a shared one of its name. */
function referencesOf(
  characters: readonly Character[],
  lists: FindWildcardsResponse | undefined,
): PromptReferences {
  const wildcards = new Map<string, readonly string[]>();
  for (const list of [...(lists?.shared ?? []), ...(lists?.wildcards ?? [])]) {
    wildcards.set(list.name, list.values);
  }
  return {
    characters: new Map(characters.map((character) => [character.name, character.description])),
    wildcards,
  };
}

/**
 * The person's characters and wildcard lists, read once the prompt holds `@` or `__` (most
 * prompts never do): for the `@` completion and the count of distinct prompts.
 */
export function usePromptReferences(prompt: string) {
  const characters = useQuery({
    queryKey: CHARACTERS_KEY,
    queryFn: ({ signal }) => readCharacters(signal),
    enabled: prompt.includes('@'),
  });
  const wildcards = useQuery({
    queryKey: WILDCARDS_KEY,
    queryFn: ({ signal }) => readWildcards(signal),
    enabled: prompt.includes('__'),
  });
  const list = characters.data ?? [];
  return { characters: list, references: referencesOf(list, wildcards.data) };
}
