import type { StepMeter } from './step-meter';
import { createStepMeter } from './step-meter';
import { spellingsOf, tokenisePrompt } from './tokenise-prompt';

export type TermKind = 'minor' | 'inherent' | 'school' | 'baby' | 'sexual' | 'adulthood' | 'name';

interface Phrase {
  words: string[];
  kind: TermKind;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  kinds: TermKind[];
}

/** Terms glued from neighbours or found inside spaced-out runs must be this long (not "ass"). */
const MIN_GLUED_LENGTH = 4;
/** Terms this long also match one typo (a letter added, dropped, changed or swapped) away. */
const MIN_FUZZY_LENGTH = 7;
/** Three-letter terms worth finding in spaced-out letters ("k i d", "s e x"). */
const SHORT_SPACED_TERMS: ReadonlySet<string> = new Set(['kid', 'sex', 'xxx']);
const FUZZY_KINDS: ReadonlySet<TermKind> = new Set(['minor', 'inherent', 'school', 'name']);

/** A word and every string one deletion away: two words within one typo share one of these. */
function withDeletions(word: string): string[] {
  const out = [word];
  for (let index = 0; index < word.length; index += 1) {
    out.push(word.slice(0, index) + word.slice(index + 1));
  }
  return out;
}

function add<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The policy's terms compiled for lookups that cost the same whatever the prompt: phrases by
 * first word, glued forms, one-typo forms and a trie for spaced-out runs. Built once per policy.
 */
export class PolicyLexicon {
  private readonly phrases = new Map<string, Phrase[]>();
  private readonly glued = new Map<string, TermKind[]>();
  private readonly fuzzy = new Map<string, TermKind[]>();
  private readonly trie: TrieNode = { next: new Map(), kinds: [] };
  readonly longestTerm: number;
  readonly longestPhrase: number;

  constructor(terms: ReadonlyArray<readonly [TermKind, readonly string[]]>) {
    let longestTerm = 0;
    let longestPhrase = 1;
    for (const [kind, list] of terms) {
      for (const term of list) {
        const words = tokenisePrompt(term, createStepMeter()).words.map(
          (spellings) => spellings[0] ?? '',
        );
        const first = words[0];
        if (!first) continue;
        add(this.phrases, first, { words, kind });
        const squashed = words.join('');
        longestTerm = Math.max(longestTerm, squashed.length);
        longestPhrase = Math.max(longestPhrase, words.length);
        if (squashed.length >= MIN_GLUED_LENGTH || words.length > 1)
          add(this.glued, squashed, kind);
        if (squashed.length >= MIN_FUZZY_LENGTH && FUZZY_KINDS.has(kind)) {
          for (const variant of withDeletions(squashed)) add(this.fuzzy, variant, kind);
        }
        if (squashed.length >= MIN_GLUED_LENGTH || SHORT_SPACED_TERMS.has(squashed)) {
          this.addToTrie(squashed, kind);
        }
      }
    }
    this.longestTerm = longestTerm;
    this.longestPhrase = longestPhrase;
  }

  private addToTrie(squashed: string, kind: TermKind) {
    let node = this.trie;
    for (const char of squashed) {
      let child = node.next.get(char);
      if (!child) {
        child = { next: new Map(), kinds: [] };
        node.next.set(char, child);
      }
      node = child;
    }
    node.kinds.push(kind);
  }

  /** Phrases that start at `index` of the prompt's words (any spelling of each word). */
  phrasesAt(words: string[][], index: number, meter: StepMeter): Phrase[] {
    const found: Phrase[] = [];
    for (const spelling of words[index] ?? []) {
      for (const phrase of this.phrases.get(spelling) ?? []) {
        meter.step();
        const rest = phrase.words.slice(1);
        if (rest.every((word, offset) => words[index + 1 + offset]?.includes(word))) {
          found.push(phrase);
        }
      }
    }
    return found;
  }

  /** A glued or squashed candidate that is exactly a term, or one typo from a long one. */
  kindsOfGlued(
    candidate: string,
    meter: StepMeter,
    match: { exact: boolean; fuzzy: boolean },
  ): TermKind[] {
    meter.step();
    // A term spelled exactly is the phrase lookup's, with its exceptions ("teenage mutant").
    if (!match.exact && this.phrases.has(candidate)) return [];
    const kinds = match.exact ? [...(this.glued.get(candidate) ?? [])] : [];
    if (
      match.fuzzy &&
      candidate.length >= MIN_FUZZY_LENGTH - 1 &&
      candidate.length <= this.longestTerm + 1
    ) {
      for (const variant of withDeletions(candidate)) {
        meter.step();
        kinds.push(...(this.fuzzy.get(variant) ?? []));
      }
    }
    return kinds;
  }

  /** Every term inside a run of spaced-out letters: at most `longestTerm` steps per letter. */
  kindsInside(run: string, meter: StepMeter): TermKind[] {
    const kinds: TermKind[] = [];
    for (let start = 0; start < run.length; start += 1) {
      let node: TrieNode | undefined = this.trie;
      for (let index = start; node && index < run.length; index += 1) {
        meter.step();
        node = node.next.get(run[index] ?? '');
        if (node) kinds.push(...node.kinds);
      }
    }
    return kinds;
  }
}

export { spellingsOf };
