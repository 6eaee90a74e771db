import { countPromptCombinations, expandPromptChoices, hasPromptChoices } from './prompt-choices';

/**
 * References in a prompt (docs/decisions/082-prompt-references.md): `@name` stands for one of the
 * person's characters and is replaced by its description; `__name__` stands for a wildcard list
 * and is replaced, in each image's prompt, by one of its lines picked by the image's seed. Then
 * the `{a|b}` choices are expanded (prompt-choices.ts). An `@` counts only where no letter, digit
 * or `_` comes right before it, so an address such as `me@example.com` stays text, and a
 * `__name__` only with no such character on either side.
 *
 * Only the prompt as typed is read for references: a description or a line is put in as text, and
 * any `@`, `__` or brace it holds stays as written.
 *
 * Seeds pick like choices: the wildcards of a prompt are one mixed-radix number (the first
 * wildcard's digit changes fastest) taken from `seed mod lines`, and the choices get
 * `floor(seed / lines)`. The same seed always makes the same prompt, and a batch's consecutive
 * seeds walk through every combination of lines and choices before one repeats.
 */

/** What the references of a prompt stand for: descriptions and lines by name. */
export interface PromptReferences {
  characters: ReadonlyMap<string, string>;
  wildcards: ReadonlyMap<string, readonly string[]>;
}

/** A name the prompt uses that the references do not hold. */
export interface UnknownReference {
  kind: 'character' | 'wildcard';
  name: string;
}

/** An empty set of references: what a prompt without `@` or `__` needs. */
export const NO_PROMPT_REFERENCES: PromptReferences = {
  characters: new Map(),
  wildcards: new Map(),
};

/**
 * `@name`, or `__name__` whose name has no leading, trailing or double `_`; neither right after a
 * letter, digit or `_`, and a wildcard not right before one either.
 */
const REFERENCE =
  /(?<![A-Za-z0-9_])(?:@([A-Za-z0-9_]+)|__([A-Za-z0-9]+(?:_[A-Za-z0-9]+)*)__(?![A-Za-z0-9_]))/g;

const CHOICE_SYNTAX = /[{}|\\]/g;

type Reference = UnknownReference & { start: number; end: number };

function parseReferences(prompt: string): Reference[] {
  return [...prompt.matchAll(REFERENCE)].map((match) => ({
    kind: match[1] !== undefined ? 'character' : 'wildcard',
    name: match[1] ?? match[2] ?? '',
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The distinct names of characters and wildcards a prompt uses, in order of first use. */
export function findPromptReferenceNames(prompt: string): {
  characters: string[];
  wildcards: string[];
} {
  const references = parseReferences(prompt);
  const namesOf = (kind: Reference['kind']) => [
    ...new Set(references.filter((item) => item.kind === kind).map((item) => item.name)),
  ];
  return { characters: namesOf('character'), wildcards: namesOf('wildcard') };
}

/** Whether the prompt uses at least one character or wildcard. */
export function hasPromptReferences(prompt: string): boolean {
  return parseReferences(prompt).length > 0;
}

/** The first name the prompt uses that `references` does not hold, or null. */
export function findUnknownReference(
  prompt: string,
  references: PromptReferences,
): UnknownReference | null {
  for (const { kind, name } of parseReferences(prompt)) {
    const known =
      kind === 'character' ? references.characters.has(name) : references.wildcards.has(name);
    if (!known) return { kind, name };
  }
  return null;
}

/** How many different line picks the wildcards can make (Infinity beyond 2^53). */
function countWildcardCombinations(prompt: string, references: PromptReferences): number {
  let total = 1;
  for (const reference of parseReferences(prompt)) {
    if (reference.kind === 'wildcard') {
      total *= Math.max(1, references.wildcards.get(reference.name)?.length ?? 1);
    }
  }
  return Number.isSafeInteger(total) ? total : Infinity;
}

/**
 * The prompt an image with `seed` gets: characters and wildcards replaced, then one option of each
 * choice group. A name the references do not hold stays as typed (the server refuses it first).
 */
export function expandPrompt(prompt: string, references: PromptReferences, seed: number): string {
  const wildcardTotal = countWildcardCombinations(prompt, references);
  // Text put inside a prompt with choices is escaped so that it stays text when they expand.
  const choices = hasPromptChoices(prompt);
  const asText = (text: string) => (choices ? text.replace(CHOICE_SYNTAX, '\\$&') : text);
  let pick = seed % wildcardTotal;
  let replaced = '';
  let from = 0;
  for (const reference of parseReferences(prompt)) {
    replaced += prompt.slice(from, reference.start);
    from = reference.end;
    const typed = prompt.slice(reference.start, reference.end);
    if (reference.kind === 'character') {
      replaced += asText(references.characters.get(reference.name) ?? typed);
      continue;
    }
    const lines = references.wildcards.get(reference.name);
    if (!lines || lines.length === 0) {
      replaced += asText(typed);
      continue;
    }
    replaced += asText(lines[pick % lines.length] ?? '');
    pick = Math.floor(pick / lines.length);
  }
  replaced += prompt.slice(from);
  return choices ? expandPromptChoices(replaced, Math.floor(seed / wildcardTotal)) : replaced;
}

/** How many different prompts the wildcards and choices can make together (Infinity beyond 2^53). */
export function countPromptVariants(prompt: string, references: PromptReferences): number {
  const total = countWildcardCombinations(prompt, references) * countPromptCombinations(prompt);
  return Number.isSafeInteger(total) ? total : Infinity;
}

/**
 * How many distinct prompts a batch of `imageCount` images makes, wildcards and choices together.
 * Exact for every batch whose seeds do not wrap past SEED_MAX and whose lines differ; the server,
 * which expands each image, is authoritative.
 */
export function countDistinctExpandedPrompts(
  prompt: string,
  references: PromptReferences,
  imageCount: number,
): number {
  return Math.min(imageCount, countPromptVariants(prompt, references));
}
