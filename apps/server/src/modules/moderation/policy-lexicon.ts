import { readChar } from './fold-characters';
import type { Script } from './letter-scripts';
import { NameIndex } from './name-keys';
import { isDenseChar } from './scripts';
import type { StepMeter } from './step-meter';
import { createStepMeter } from './step-meter';
import { TermTrie, type TermHit, type TermKind } from './term-trie';
import { tokenisePrompt } from './tokenise-prompt';
import { TransliteratedNames, type LatinWord } from './transliterated-names';

export type { TermHit, TermKind };

interface Phrase extends TermHit {
  words: string[];
}

/** Terms glued from neighbours or found inside spaced-out runs must be this long (not "ass"). */
const MIN_GLUED_LENGTH = 4;
/** Terms this long also match one typo (a letter added, dropped, changed or swapped) away. */
const MIN_FUZZY_LENGTH = 7;
/** Three-letter terms worth finding glued or in spaced-out letters ("k i d", "n.u.a"). */
const SHORT_SPACED_TERMS: ReadonlySet<string> = new Set(['kid', 'sex', 'xxx', 'nua', 'nue']);
const FUZZY_KINDS: ReadonlySet<TermKind> = new Set(['minor', 'inherent', 'school', 'name']);

/** A word and every string one deletion away: two words within one typo share one of these. */
export function withDeletions(word: string): string[] {
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
 * The script of a term's first letter outside Latin: Cyrillic, Greek and Hebrew letters fold to
 * Latin look-alikes ("лолі" to "noni"), so such a term counts only in a prompt that holds letters
 * of its script (TermHit.script).
 */
function otherScriptOf(term: string): Script | undefined {
  for (const char of term) {
    const script = readChar(char).script;
    if (script && script !== 'latin') return script;
  }
  return undefined;
}

/** A term's words as the prompt reader folds them ("Niña" → niña, "ch1ld" → child). */
export function foldedWords(term: string): string[] {
  return tokenisePrompt(term, createStepMeter()).words.map((spellings) => spellings[0] ?? '');
}

/**
 * The policy's terms compiled for lookups that cost the same whatever the prompt: phrases by
 * first word, glued forms, one-typo forms, a trie for spaced-out runs and one for text written
 * without spaces (terms with Chinese, Japanese, Korean or Thai characters). Built once per policy.
 */
export class PolicyLexicon {
  private readonly phrases = new Map<string, Phrase[]>();
  private readonly glued = new Map<string, TermHit[]>();
  private readonly fuzzy = new Map<string, TermHit[]>();
  private readonly runs = new TermTrie();
  private readonly dense = new TermTrie();
  private readonly names = new NameIndex();
  private readonly transliterated = new TransliteratedNames();
  private readonly emoji = new Map<string, TermHit[]>();
  readonly longestTerm: number;
  readonly longestPhrase: number;
  /** The longest term read one typo away: longer candidates skip the typo lookups. */
  private readonly longestFuzzy: number;

  constructor(terms: ReadonlyArray<readonly [TermKind, readonly string[]]>) {
    let longestTerm = 0;
    let longestPhrase = 1;
    let longestFuzzy = 0;
    for (const [kind, list] of terms) {
      for (const term of list) {
        const script = otherScriptOf(term);
        const hit: TermHit = script ? { kind, term, script } : { kind, term };
        const tokens = tokenisePrompt(term, createStepMeter());
        const dense = tokens.dense.replaceAll('|', '');
        if (dense && [...term].some(isDenseChar)) {
          this.dense.add(dense, hit);
          continue;
        }
        const words = tokens.words.map((spellings) => spellings[0] ?? '');
        const [emoji] = tokens.emoji;
        if (words.length === 0 && emoji && tokens.emoji.length === 1) {
          add(this.emoji, emoji, hit);
          continue;
        }
        const first = words[0];
        if (!first) continue;
        add(this.phrases, first, { ...hit, words });
        const squashed = words.join('');
        longestTerm = Math.max(longestTerm, squashed.length);
        longestPhrase = Math.max(longestPhrase, words.length);
        if (
          squashed.length >= MIN_GLUED_LENGTH ||
          words.length > 1 ||
          SHORT_SPACED_TERMS.has(squashed)
        ) {
          add(this.glued, squashed, hit);
        }
        if (kind === 'name' && words.length > 1) {
          this.names.add(words, hit);
          this.transliterated.add(words, hit);
        }
        // Names of several words are misspelled word by word (name-keys.ts), not here.
        const oneTypo = FUZZY_KINDS.has(kind) && (kind !== 'name' || words.length === 1);
        if (squashed.length >= MIN_FUZZY_LENGTH && oneTypo) {
          for (const variant of withDeletions(squashed)) add(this.fuzzy, variant, hit);
          longestFuzzy = Math.max(longestFuzzy, squashed.length);
        }
        if (squashed.length >= MIN_GLUED_LENGTH || SHORT_SPACED_TERMS.has(squashed)) {
          this.runs.add(squashed, hit);
        }
      }
    }
    this.longestTerm = longestTerm;
    this.longestPhrase = longestPhrase;
    this.longestFuzzy = longestFuzzy;
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
  hitsOfGlued(
    candidate: string,
    meter: StepMeter,
    match: { exact: boolean; fuzzy: boolean },
  ): TermHit[] {
    meter.step();
    // A term spelled exactly is the phrase lookup's, with its exceptions ("teenage mutant").
    if (!match.exact && this.phrases.has(candidate)) return [];
    const hits = match.exact ? [...(this.glued.get(candidate) ?? [])] : [];
    if (
      match.fuzzy &&
      candidate.length >= MIN_FUZZY_LENGTH - 1 &&
      candidate.length <= this.longestFuzzy + 1
    ) {
      for (const variant of withDeletions(candidate)) {
        meter.step();
        hits.push(...(this.fuzzy.get(variant) ?? []));
      }
    }
    // One word found once per kind: "sch00lgril" is "schoolgirl", not three spellings of it.
    return hits.filter(
      (hit, index) => hits.findIndex((other) => other.kind === hit.kind) === index,
    );
  }

  /** Names of several words the candidate words misspell (one glued word, or two or three). */
  namesNear(words: readonly string[], meter: StepMeter): TermHit[] {
    return this.names.find(words, meter);
  }

  /** Names written in another script, read from the prompt's words in Latin letters. */
  namesTransliterated(words: readonly LatinWord[], isTerm: readonly boolean[], meter: StepMeter) {
    return this.transliterated.find(words, isTerm, meter);
  }

  /** Whether a word of a spaceless script holds a term (not a neutral word's). */
  denseWordHasTerm(word: string, meter: StepMeter): boolean {
    if (![...word].some(isDenseChar)) return false;
    const dense = tokenisePrompt(word, meter).dense;
    return this.dense.find(dense, meter).length > 0;
  }

  /** The terms an emoji stands for ("👧" a minor, "🍆" a sexual word). */
  hitsOfEmoji(emoji: string): readonly TermHit[] {
    return this.emoji.get(emoji) ?? [];
  }

  /** Every term inside a run of spaced-out letters: at most `longestTerm` steps per letter. */
  hitsInRun(run: string, meter: StepMeter): TermHit[] {
    return this.runs.find(run, meter);
  }

  /** Every term of a spaceless script inside the prompt's dense text, whatever surrounds it. */
  hitsInDense(dense: string, meter: StepMeter): TermHit[] {
    return dense ? this.dense.find(dense, meter) : [];
  }
}
