import {
  findPromptReferenceNames,
  findUnknownReference,
  NO_PROMPT_REFERENCES,
  type PromptReferences,
} from '@nocturne/contract/text/prompt-references';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { readCharacterDescriptions } from '../characters/characters-repository';
import { readWildcardLines } from '../wildcards/wildcards-repository';

/**
 * What a new prompt's `@name` and `__name__` stand for, read before the submit plans: the
 * person's characters it names and the lists it names (the person's, else the shared ones), one
 * statement each and only when it names some. A name that is neither is refused here, naming it,
 * before any screening or charge: 422 UNKNOWN_CHARACTER or UNKNOWN_WILDCARD.
 */
export async function readPromptReferences(
  db: DbHandle,
  userId: string,
  prompt: string,
): Promise<PromptReferences> {
  const names = findPromptReferenceNames(prompt);
  if (names.characters.length === 0 && names.wildcards.length === 0) return NO_PROMPT_REFERENCES;
  const references: PromptReferences = {
    characters: await readCharacterDescriptions(db, userId, names.characters),
    wildcards: await readWildcardLines(db, userId, names.wildcards),
  };
  const unknown = findUnknownReference(prompt, references);
  if (unknown?.kind === 'character') {
    throw new AppError('UNKNOWN_CHARACTER', {
      message: `Your prompt names @${unknown.name}, but you have no character of that name. Nothing was charged.`,
      details: { name: unknown.name },
    });
  }
  if (unknown) {
    throw new AppError('UNKNOWN_WILDCARD', {
      message: `Your prompt names __${unknown.name}__, but there is no wildcard list of that name. Nothing was charged.`,
      details: { name: unknown.name },
    });
  }
  return references;
}
