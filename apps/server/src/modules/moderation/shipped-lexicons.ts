import { scriptOfChar } from './find-terms';
import { InflectionIndex } from './inflections';
import type { Script } from './letter-scripts';
import { PolicyLexicon } from './policy-lexicon';
import { NOT_MINOR_AFTER, termsByKind } from './policy-terms';
import { DEFAULT_REAL_PEOPLE } from './real-people';
import { LANGUAGES } from './terms';

/** The shipped word lists (and PROMPT_POLICY_EXTRA_NAMES_FILE's names) compiled: built once. */
export interface ShippedLexicons {
  positive: PolicyLexicon;
  negative: PolicyLexicon;
  /** Inflected forms and compounds of the shipped terms (inflections.ts). */
  inflections: InflectionIndex;
}

export function createShippedLexicons(extraNames: readonly string[] = []): ShippedLexicons {
  const terms = termsByKind([...DEFAULT_REAL_PEOPLE, ...extraNames]);
  return {
    positive: new PolicyLexicon(terms.positive),
    negative: new PolicyLexicon(terms.negative),
    inflections: new InflectionIndex(LANGUAGES, scriptOfWord, NOT_MINOR_AFTER),
  };
}

/** The script of a word: its first letter's. */
function scriptOfWord(word: string): Script | undefined {
  for (const char of word) {
    const script = scriptOfChar(char);
    if (script) return script;
  }
  return undefined;
}

/**
 * The shipped lexicons by the extra names compiled into them. They never change once built, so
 * every policy, app and job runner of a process reads the same ones (a test file builds many
 * apps: compiling them was most of each app's start).
 */
const compiled = new Map<string, ShippedLexicons>();

/** The shipped lexicons with `extraNames`, compiled on the first call of the process. */
export function shippedLexicons(extraNames: readonly string[] = []): ShippedLexicons {
  const key = extraNames.join('\n');
  let shipped = compiled.get(key);
  if (!shipped) {
    shipped = createShippedLexicons(extraNames);
    compiled.set(key, shipped);
  }
  return shipped;
}
