import type { StepMeter } from './step-meter';
import type { TermHit } from './term-trie';

/** Longer candidates are not names (a bound on the work per window). */
const MAX_NAME_LENGTH = 60;
/** Names shorter than this (letters, words glued) are matched by the one-typo rule only. */
const MIN_NAME_LENGTH = 10;
/** Letters changed, added, dropped or swapped between a misspelling and the name, at most. */
const MAX_EDITS = 2;
const VOWELS = new Set([...'aeiouy']);

/**
 * A name's sound key: letters as folded, "ph" as f, "ck"/"c"/"q" as k, every vowel run as one
 * "a", doubled letters as one. "Scarlet Johanson" and "Scarlett Johansson" share one; so do
 * "Tayler" and "Taylor".
 */
export function nameKey(squashed: string): string {
  const spelled = squashed.replaceAll('ph', 'f').replaceAll('ck', 'k');
  let key = '';
  for (const char of spelled) {
    const letter = VOWELS.has(char) ? 'a' : char === 'c' || char === 'q' ? 'k' : char;
    if (letter >= 'a' && letter <= 'z' && key.at(-1) !== letter) key += letter;
  }
  return key;
}

function deletions(key: string): string[] {
  const out = [key];
  for (let index = 0; index < key.length; index += 1) {
    out.push(key.slice(0, index) + key.slice(index + 1));
  }
  return out;
}

/**
 * Edits between two strings (optimal string alignment: a swap of neighbours is one edit), or
 * MAX_EDITS + 1 when there are more. Only a band of width MAX_EDITS is computed.
 */
export function editsBetween(a: string, b: string, meter: StepMeter): number {
  if (Math.abs(a.length - b.length) > MAX_EDITS) return MAX_EDITS + 1;
  const far = MAX_EDITS + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = Array<number>(b.length + 1).fill(far);
    row[0] = i;
    const low = Math.max(1, i - MAX_EDITS);
    const high = Math.min(b.length, i + MAX_EDITS);
    for (let j = low; j <= high; j += 1) {
      meter.step();
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? far) + 1,
        (row[j - 1] ?? far) + 1,
        (previous[j - 1] ?? far) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] ?? far) + 1);
      }
      row[j] = best;
    }
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length] ?? far, far);
}

/** Words shorter than this must be spelled exactly ("Hill" is not "Hall"). */
const MIN_LOOSE_WORD = 5;

interface Name {
  words: readonly string[];
  squashed: string;
  hit: TermHit;
}

/**
 * Whether the candidate's words are a misspelling of the name's: word by word, at most one edit
 * in each word of 5+ letters, none in shorter words, two in all. A single glued word ("taylerswift")
 * is compared whole, with one edit.
 */
function misspells(words: readonly string[], name: Name, meter: StepMeter): boolean {
  if (words.length === 1) return editsBetween(words[0] ?? '', name.squashed, meter) <= 1;
  if (words.length !== name.words.length) return false;
  let total = 0;
  for (const [index, word] of words.entries()) {
    const target = name.words[index] ?? '';
    const edits =
      target.length < MIN_LOOSE_WORD
        ? word === target
          ? 0
          : MAX_EDITS + 1
        : editsBetween(word, target, meter);
    total += edits;
    if (edits > 1 || total > MAX_EDITS) return false;
  }
  return true;
}

function addTo(map: Map<string, Name[]>, key: string, name: Name) {
  const list = map.get(key);
  if (list) {
    if (!list.includes(name)) list.push(name);
  } else map.set(key, [name]);
}

/**
 * Names of two or more words (10+ letters) found by the sound key of one of their words, then
 * checked word by word: "Tayler Swfit" is Taylor Swift, "Scarlet Johanson" Scarlett Johansson;
 * "Rebecca Hill" and "Matthew Perez" are nobody listed. A glued name is found by its one-edit
 * forms ("taylerswift"). Built once per policy.
 */
export class NameIndex {
  private readonly byWordKey = new Map<string, Name[]>();
  private readonly byGluedForm = new Map<string, Name[]>();

  add(words: readonly string[], hit: TermHit) {
    const squashed = words.join('');
    if (squashed.length < MIN_NAME_LENGTH) return;
    const name = { words, squashed, hit };
    for (const word of words) addTo(this.byWordKey, nameKey(word), name);
    for (const form of deletions(squashed)) addTo(this.byGluedForm, form, name);
  }

  /** Names the candidate words misspell (two or three words, or one glued word). */
  find(words: readonly string[], meter: StepMeter): TermHit[] {
    const squashed = words.join('');
    if (squashed.length < MIN_NAME_LENGTH - 1 || squashed.length > MAX_NAME_LENGTH) return [];
    const candidates = new Set<Name>();
    if (words.length === 1) {
      for (const form of deletions(squashed)) {
        meter.step();
        this.byGluedForm.get(form)?.forEach((name) => candidates.add(name));
      }
    } else {
      for (const word of words) {
        meter.step();
        this.byWordKey.get(nameKey(word))?.forEach((name) => candidates.add(name));
      }
    }
    const found = new Set<TermHit>();
    for (const name of candidates) {
      meter.step();
      if (!found.has(name.hit) && misspells(words, name, meter)) found.add(name.hit);
    }
    return [...found];
  }
}
