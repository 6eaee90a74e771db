import anyAscii from 'any-ascii';
import type { Script } from './letter-scripts';
import type { StepMeter } from './step-meter';
import type { TermHit } from './term-trie';

/**
 * Letters written for one sound across transliterations, in the order they are replaced: Russian
 * "дж" is "dzh", Greek "τζ" "tz", Arabic "غ" "gh" (all a G or J), "kh" an H, "ph" an F.
 */
/** Greek writes B, D and G as "μπ", "ντ", "γκ" (read so in words written in Greek only). */
const GREEK_DIGRAPHS: ReadonlyArray<readonly [string, string]> = [
  ['mp', 'b'],
  ['nt', 'd'],
  ['gk', 'g'],
];

const DIGRAPHS: ReadonlyArray<readonly [string, string]> = [
  ['dzh', 'j'],
  ['dz', 'j'],
  ['tz', 'j'],
  ['zh', 'j'],
  ['ph', 'f'],
  ['gh', 'g'],
  ['kh', 'h'],
  ['ch', 'k'],
  ['sh', 's'],
  ['th', 't'],
  ['ck', 'k'],
  ['ce', 's'],
  ['ci', 's'],
  ['cy', 's'],
  ['x', 'ks'],
];

/**
 * Consonants by how transliteration blurs them: Japanese, Chinese and Korean do not tell L from
 * R; Arabic has no P and Korean no F; Arabic and Thai blur T and D, G and K and J; S and Z. Vowels,
 * Y, W, V and H are left out: scripts without vowel letters (Arabic, Hebrew) write none, others
 * add them (Japanese "suuifuto"), and W is a V or a vowel by turns ("Svift", "Soyift").
 */
const CONSONANT_CLASS: Readonly<Record<string, string>> = {
  b: 'p',
  p: 'p',
  f: 'p',
  t: 't',
  d: 't',
  k: 'k',
  g: 'k',
  c: 'k',
  q: 'k',
  j: 'k',
  s: 's',
  z: 's',
  l: 'r',
  r: 'r',
  m: 'm',
  n: 'n',
};

/**
 * A word's consonant skeleton: what survives of a name in any script ("Taylor" and "Тейлор",
 * "テイラー", "تايلور" are all "tr"; "Swift", "Свифт", "スウィフト", "סוויפט" all "spt").
 */
export function skeletonKey(latin: string, script: Script = 'latin'): string {
  let spelled = latin.toLowerCase();
  if (script === 'greek') {
    for (const [from, to] of GREEK_DIGRAPHS) spelled = spelled.replaceAll(from, to);
  }
  for (const [from, to] of DIGRAPHS) spelled = spelled.replaceAll(from, to);
  let key = '';
  for (const char of spelled) {
    const kept = CONSONANT_CLASS[char];
    if (kept && !key.endsWith(kept)) key += kept;
  }
  return key;
}

/** A name's words as skeletons; names with too little left to tell apart are not read this way. */
const MIN_NAME_SKELETON = 4;
/**
 * Windows shorter than this in all are names only when every word is capitalised in a script
 * with capitals ("Эмма Уотсон"): short skeletons are common words' too ("औरत काली", a woman in
 * black, shares Virat Kohli's).
 */
const MIN_UNCASED_SKELETON = 5;
const CASED_SCRIPTS: ReadonlySet<Script> = new Set(['latin', 'cyrillic', 'greek', 'armenian']);
/** A word's skeleton this long may differ from the name's by one consonant (a letter a script lacks). */
const MIN_LOOSE_SKELETON = 4;

interface SkeletonName {
  skeletons: readonly string[];
  hit: TermHit;
}

/** One word of the prompt in Latin letters, and whether it was written in another script. */
export interface LatinWord {
  latin: string;
  transliterated: boolean;
  /** The script it was written in. */
  script: Script;
  /** Written with a capital first letter, in a script that has capitals. */
  capitalised: boolean;
  /** The index of the prompt word it comes from (PromptTokens.words). */
  word: number;
  /** The characters it was transliterated from (one script's run of the word). */
  segment: string;
}

/** Scripts whose words are transliterated ("ー" long vowel and "・" dot included in katakana). */
const SPLIT_AT_SCRIPT_CHANGE: ReadonlySet<Script> = new Set(['han', 'hiragana', 'katakana']);

/**
 * The prompt's words in Latin letters: words of other scripts transliterated (the kept
 * `any-ascii` library), a Japanese or Chinese word split where its script changes ("スウィフトの
 * ヌード" is three words), Latin words as they are. Linear in the words' length.
 */
export function latinWords(
  written: readonly string[],
  scriptOf: (char: string) => Script | undefined,
  meter: StepMeter,
): LatinWord[] {
  const out: LatinWord[] = [];
  const push = (segment: string, script: Script | undefined, word: number) => {
    if (!segment) return;
    const transliterated = script !== undefined && script !== 'latin';
    // A soft sign or geresh transliterates to an apostrophe inside the word ("Kardash'yan").
    const latin = (transliterated ? anyAscii(segment) : segment).toLowerCase().replaceAll("'", '');
    const first = segment[0] ?? '';
    const capitalised = CASED_SCRIPTS.has(script ?? 'other') && first !== first.toLowerCase();
    for (const part of latin.split(/[^a-z]+/)) {
      if (part) {
        out.push({
          latin: part,
          transliterated,
          script: script ?? 'latin',
          capitalised,
          word,
          segment,
        });
      }
    }
  };
  for (const [index, word] of written.entries()) {
    let segment = '';
    let segmentScript: Script | undefined;
    for (const char of word) {
      meter.step();
      const script = scriptOf(char) ?? segmentScript;
      const changes =
        segment !== '' &&
        script !== segmentScript &&
        (SPLIT_AT_SCRIPT_CHANGE.has(script ?? 'other') ||
          SPLIT_AT_SCRIPT_CHANGE.has(segmentScript ?? 'other'));
      if (changes) {
        push(segment, segmentScript, index);
        segment = '';
      }
      segment += char;
      segmentScript = script;
    }
    push(segment, segmentScript, index);
  }
  return out;
}

/**
 * Listed names written in another script ("Тейлор Свифт", "テイラー・スウィフト", "تايلور سويفت"):
 * the transliteration is compared with each name by consonant skeleton, word by word, the same
 * number of words, at most one consonant off in one word of four or more. Only windows holding
 * at least one transliterated word are read: Latin text keeps the stricter name keys
 * (name-keys.ts). Built once per policy.
 */
export class TransliteratedNames {
  private readonly byWord = new Map<string, SkeletonName[]>();

  add(words: readonly string[], hit: TermHit) {
    if (words.length < 2) return;
    const skeletons = words.map((word) => skeletonKey(word));
    if (skeletons.join('').length < MIN_NAME_SKELETON || skeletons.some((key) => !key)) return;
    const name = { skeletons, hit };
    for (const key of new Set(skeletons)) {
      for (const form of withOneDeleted(key)) {
        const list = this.byWord.get(form) ?? [];
        if (!list.includes(name)) list.push(name);
        this.byWord.set(form, list);
      }
    }
  }

  /**
   * Names spelled by two or three neighbouring words, one of them transliterated. Words that
   * are terms themselves (`isTerm`, per word) are never part of a name: "голая женщина" is a
   * naked woman, not a name one consonant from it.
   */
  find(words: readonly LatinWord[], isTerm: readonly boolean[], meter: StepMeter): TermHit[] {
    const found = new Set<TermHit>();
    for (let start = 0; start < words.length; start += 1) {
      for (let length = 2; length <= 3 && start + length <= words.length; length += 1) {
        const window = words.slice(start, start + length);
        if (!window.some((word) => word.transliterated)) continue;
        if (isTerm.slice(start, start + length).includes(true)) break;
        const skeletons = window.map((word) => skeletonKey(word.latin, word.script));
        meter.step(length);
        const short = skeletons.join('').length < MIN_UNCASED_SKELETON;
        if (short && !window.every((word) => word.capitalised)) continue;
        for (const name of this.candidates(skeletons, meter)) {
          if (!found.has(name.hit) && sameSkeletons(skeletons, name.skeletons)) found.add(name.hit);
        }
      }
    }
    return [...found];
  }

  private candidates(skeletons: readonly string[], meter: StepMeter): Set<SkeletonName> {
    const out = new Set<SkeletonName>();
    for (const key of skeletons) {
      for (const form of withOneDeleted(key)) {
        meter.step();
        this.byWord.get(form)?.forEach((name) => {
          if (name.skeletons.length === skeletons.length) out.add(name);
        });
      }
    }
    return out;
  }
}

/** A skeleton and every skeleton one consonant shorter. */
function withOneDeleted(key: string): string[] {
  const out = [key];
  if (key.length < MIN_LOOSE_SKELETON) return out;
  for (let index = 0; index < key.length; index += 1) {
    out.push(key.slice(0, index) + key.slice(index + 1));
  }
  return out;
}

/** Whether two skeletons differ by at most one consonant added, dropped, changed or swapped. */
function withinOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Words whose skeleton is this short are common ones: beside them every word must be exact. */
const MIN_ANCHOR_SKELETON = 3;

/**
 * Word by word: equal, or one word one consonant off a name word of four or more (one lost or
 * changed, not added) when every other word is long enough to anchor the name ("Скарлетт
 * Йоханссон", where "Йоханссон" lost its J).
 */
function sameSkeletons(words: readonly string[], name: readonly string[]): boolean {
  let loose = 0;
  for (const [index, key] of words.entries()) {
    const target = name[index] ?? '';
    if (key === target) continue;
    // Scripts lose consonants they lack (a J, an H), they do not add them: never longer.
    if (target.length < MIN_LOOSE_SKELETON || key.length > target.length) return false;
    if (!withinOne(key, target)) return false;
    loose += 1;
  }
  if (loose === 0) return true;
  const anchored = name.every(
    (key, index) => words[index] !== key || key.length >= MIN_ANCHOR_SKELETON,
  );
  return loose === 1 && anchored;
}
