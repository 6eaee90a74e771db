import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { foldCharacters } from './fold-characters';
import type { Script } from './letter-scripts';
import type { StepMeter } from './step-meter';
import { createStepMeter } from './step-meter';
import { createSuffixStemmer, SUFFIX_ENDINGS } from './suffix-stemmer';
import { TermTrie, type TermHit, type TermKind } from './term-trie';
import type { LanguageCode } from './terms';
import type { LanguageTerms } from './terms/language-terms';
import type { PromptTokens } from './tokenise-prompt';

interface Stemmer {
  /** The scripts of the words it reads: a Russian stemmer never reads an English word. */
  scripts: ReadonlySet<Script>;
  stem: (word: string) => string;
  /** A compounding language: a word ending in one of its minor terms is one ("Grundschulmädchen"). */
  compounds: boolean;
  /**
   * Suffix rules, not a stemmer that knows the language: a term with accented letters is read
   * only from words with accented letters ("Bernini" is no Latvian "bērniņš").
   */
  crude: boolean;
}

const LATIN: ReadonlySet<Script> = new Set(['latin']);
const CYRILLIC: ReadonlySet<Script> = new Set(['cyrillic']);
/**
 * A stemmer that never throws: the Bulgarian one writes into its input string on some endings,
 * which strict mode refuses; such a word is read as written.
 */
const safely =
  (stem: (word: string) => string) =>
  (word: string): string => {
    try {
      return stem(word);
    } catch {
      return word;
    }
  };
const stemmer = (scripts: ReadonlySet<Script>, stem: (word: string) => string, compounds = false) =>
  ({ scripts, stem: safely(stem), compounds, crude: false }) satisfies Stemmer;
const suffixRules = (endings: readonly string[], compounds = false) =>
  ({
    scripts: LATIN,
    stem: createSuffixStemmer(endings),
    compounds,
    crude: true,
  }) satisfies Stemmer;

/**
 * The languages read through a stemmer: Snowball's (the kept `@orama/stemmers` library) where
 * one covers the language, suffix rules (suffix-stemmer.ts) for the inflected languages it does
 * not. English and the Romance languages, Indonesian and Vietnamese inflect little and their
 * lists spell their forms out; languages without a stemmer and without case endings are not here.
 */
const STEMMERS: Partial<Record<LanguageCode, Stemmer>> = {
  ru: stemmer(CYRILLIC, russian),
  uk: stemmer(CYRILLIC, ukrainian),
  bg: stemmer(CYRILLIC, bulgarian),
  sr: stemmer(new Set(['cyrillic', 'latin']), serbian),
  hr: stemmer(LATIN, serbian),
  el: stemmer(new Set(['greek']), greek),
  de: stemmer(LATIN, german, true),
  nl: stemmer(LATIN, dutch, true),
  sv: stemmer(LATIN, swedish, true),
  da: stemmer(LATIN, danish, true),
  nb: stemmer(LATIN, norwegian, true),
  fi: stemmer(LATIN, finnish, true),
  hu: stemmer(LATIN, hungarian, true),
  et: suffixRules(SUFFIX_ENDINGS.et, true),
  ro: stemmer(LATIN, romanian),
  lt: stemmer(LATIN, lithuanian),
  tr: stemmer(LATIN, turkish),
  pl: suffixRules(SUFFIX_ENDINGS.pl),
  cs: suffixRules(SUFFIX_ENDINGS.cs),
  sk: suffixRules(SUFFIX_ENDINGS.sk),
  sl: suffixRules(SUFFIX_ENDINGS.sl),
  lv: suffixRules(SUFFIX_ENDINGS.lv),
  ar: stemmer(new Set(['arabic']), arabic),
  hi: stemmer(new Set(['devanagari']), hindi),
  ta: stemmer(new Set(['tamil']), tamil),
};

/** The stemmers that read each script's words. */
const STEMMERS_BY_SCRIPT = new Map<Script, Array<[LanguageCode, Stemmer]>>();
for (const [code, stemmer] of Object.entries(STEMMERS) as Array<[LanguageCode, Stemmer]>) {
  for (const script of stemmer.scripts) {
    STEMMERS_BY_SCRIPT.set(script, [...(STEMMERS_BY_SCRIPT.get(script) ?? []), [code, stemmer]]);
  }
}

/**
 * Kinds read through stems (sexual words only in scripts other than Latin); compounds are read
 * for minors only. School words are not stemmed: their lists spell out the forms that place a
 * child ("в школе"), others are the art school's.
 */
const STEMMED_KINDS: ReadonlyArray<readonly [TermKind, keyof LanguageTerms]> = [
  ['minor', 'minor'],
  ['inherent', 'inherent'],
  ['baby', 'baby'],
  ['sexual', 'sexual'],
];
const COMPOUND_KINDS: ReadonlySet<TermKind> = new Set(['minor', 'inherent']);

/**
 * Stems this short are never read: in Latin script they are ordinary words elsewhere (German
 * "kind" from "Kinder" is English; Swedish "barn" is English), in other scripts they are too
 * short to say one thing ("гол" is naked and a goal).
 */
const MIN_STEM: Record<'latin' | 'other', number> = { latin: 5, other: 4 };
/** A compound's head must be this long, and what comes before it this long. */
const MIN_COMPOUND_HEAD = 7;
const MIN_COMPOUND_PREFIX = 3;
/** Minor terms this long are found anywhere inside a compound word ("schulmädchenuniform"). */
const MIN_INSIDE = 8;
/** Words' readings remembered per process: the same words come back in prompt after prompt. */
const MAX_REMEMBERED = 100_000;

const fold = (text: string) => foldCharacters(text, createStepMeter());

/**
 * English endings: a Latin word whose stem differs from it by one of these is read as English
 * ("strings" is not the Lithuanian "stringai", "collapsed" not the Estonian "lapsed"), and a
 * compound head ending in one is not read as a head. The word lists spell such forms out.
 */
const ENGLISH_ENDINGS = [
  's',
  'es',
  'ies',
  'ed',
  'd',
  'ing',
  'er',
  'ers',
  'y',
  'ly',
  'est',
  'ness',
  'ment',
  'al',
];
/** Compound heads ending like an English inflection are English words' ends ("collapsed"). */
const ENGLISH_HEAD_ENDINGS = ['s', 'ed', 'er', 'ing'];
const endsInEnglish = (head: string) =>
  ENGLISH_HEAD_ENDINGS.some((ending) => head.endsWith(ending));
const hasAccent = (word: string) => [...word].some((char) => char > '\x7f');
const minStem = (script: Script | undefined) => MIN_STEM[script === 'latin' ? 'latin' : 'other'];

/** A term found through its inflection or a compound, and the index of the prompt word. */
export interface InflectedHit extends TermHit {
  word: number;
}

interface StemHit extends TermHit {
  /** The term folded, as NOT_MINOR_AFTER keys it. */
  key: string;
  /** The term has accented letters (crude stemmers read it only from accented words). */
  accented: boolean;
}

/** A word's letters' script (the first letter's: words are split at script changes). */
type ScriptOf = (word: string) => Script | undefined;

/** The terms of one language's kind-lists, single words only, with their folded form. */
function singleWords(terms: LanguageTerms, kind: keyof LanguageTerms): string[] {
  const list = terms[kind];
  if (!Array.isArray(list)) return [];
  const unstemmed = new Set(terms.unstemmed ?? []);
  return (list as readonly string[]).filter(
    (term) => !unstemmed.has(term) && !/[\s'’-]/.test(term),
  );
}

/**
 * Inflected forms and compounds of the listed terms (docs/decisions/021-content-rules.md): a
 * prompt word in a script a language's stemmer reads is stemmed, folded and looked up among that
 * language's stemmed terms ("девочкам" → девочк = "девочка"); in the compounding languages a word
 * that ends in a minor term, or in its stem, is one ("Grundschulmädchen", "Grundschulmädchens"),
 * and a long minor term anywhere inside a word counts. Stems are keyed by language, so one
 * language's stemmer never matches another language's terms. Built once per process.
 */
export class InflectionIndex {
  private readonly stems = new Map<string, StemHit[]>();
  /** Per language, the first three letters of its stems: words starting otherwise are skipped. */
  private readonly stemStarts = new Map<LanguageCode, Set<string>>();
  /** Per compounding language, the three-letter groups its compound heads start with. */
  private readonly headStarts = new Map<LanguageCode, Set<string>>();
  private readonly compoundHeads = new Map<string, StemHit[]>();
  private readonly compoundStems = new Map<string, StemHit[]>();
  private readonly inside = new TermTrie();
  private readonly neutral = new Set<string>();
  private readonly remembered = new Map<string, readonly StemHit[]>();
  private longestHead = 0;
  private longestStem = 0;

  constructor(
    languages: Readonly<Partial<Record<LanguageCode, LanguageTerms>>>,
    private readonly scriptOf: ScriptOf,
    private readonly notMinorAfter: ReadonlyMap<string, ReadonlySet<string>>,
  ) {
    for (const terms of Object.values(languages)) {
      (terms?.neutral ?? []).forEach((word) => this.neutral.add(fold(word)));
    }
    for (const [code, terms] of Object.entries(languages) as Array<[LanguageCode, LanguageTerms]>) {
      const stemmer = STEMMERS[code];
      if (!stemmer) continue;
      for (const [kind, list] of STEMMED_KINDS) {
        // Latin-script stemmers read every Latin word, whatever its language: sexual words are
        // too often another language's ordinary word ("stringe", "liderar"), so only minor
        // terms are read through them, and a sexual word must still be written as listed.
        if (kind === 'sexual' && stemmer.scripts.has('latin')) continue;
        for (const term of singleWords(terms, list)) this.addTerm(code, stemmer, kind, term);
      }
    }
  }

  private addTerm(code: LanguageCode, stemmer: Stemmer, kind: TermKind, term: string) {
    const lower = term.toLowerCase();
    const key = fold(lower);
    const hit: StemHit = { kind, term, key, accented: hasAccent(lower) };
    const script = this.scriptOf(lower);
    const stem = fold(stemmer.stem(lower));
    if (stem.length >= minStem(script)) {
      push(this.stems, `${code}\u0000${stem}`, hit);
      this.stemStarts.set(code, (this.stemStarts.get(code) ?? new Set()).add(stem.slice(0, 3)));
      this.longestStem = Math.max(this.longestStem, stem.length);
    }
    if (!stemmer.compounds || !COMPOUND_KINDS.has(kind)) return;
    const starts = this.headStarts.get(code) ?? new Set<string>();
    this.headStarts.set(code, starts);
    if (key.length >= MIN_COMPOUND_HEAD && !endsInEnglish(key)) {
      push(this.compoundHeads, key, hit);
      starts.add(key.slice(0, 3));
      this.longestHead = Math.max(this.longestHead, key.length);
    }
    if (stem.length >= MIN_COMPOUND_HEAD && !endsInEnglish(stem)) {
      push(this.compoundStems, `${code}\u0000${stem}`, hit);
      starts.add(stem.slice(0, 3));
    }
    if (key.length >= MIN_INSIDE) this.inside.add(key, hit);
  }

  /** A language's stem of a word. */
  private stemOf(stemmer: Stemmer, word: string, meter: StepMeter): string {
    meter.step(word.length);
    return fold(stemmer.stem(word));
  }

  /** Every term the prompt's words inflect or end in, by the languages that read each word. */
  find(tokens: PromptTokens, meter: StepMeter): InflectedHit[] {
    const found: InflectedHit[] = [];
    tokens.written.forEach((asWritten, index) => {
      meter.step();
      const following = tokens.words[index + 1]?.[0] ?? '';
      for (const hit of this.hitsOfWord(asWritten.toLowerCase(), meter)) {
        if (this.notMinorAfter.get(hit.key)?.has(following) === true) continue;
        found.push({ kind: hit.kind, term: hit.term, word: index });
      }
    });
    return found;
  }

  /** The terms one word inflects or ends in, remembered (bounded) across prompts. */
  private hitsOfWord(written: string, meter: StepMeter): readonly StemHit[] {
    const known = this.remembered.get(written);
    if (known) return known;
    const hits = this.readWord(written, meter);
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    this.remembered.set(written, hits);
    return hits;
  }

  private readWord(written: string, meter: StepMeter): StemHit[] {
    // Words can be 100 kB long in a hostile prompt: stems and heads are short, words longer
    // than any compound are no inflected term.
    if (!written || written.length > 64) return [];
    const folded = fold(written);
    if (this.neutral.has(folded)) return [];
    const script = this.scriptOf(written);
    if (!script) return [];
    const accented = hasAccent(written);
    const hits: StemHit[] = [];
    const note = (found: readonly StemHit[] | undefined, crude: boolean) => {
      for (const hit of found ?? []) {
        // Suffix rules read a term with accented letters only from a word with them.
        if (!(crude && hit.accented && !accented)) hits.push(hit);
      }
    };
    if (script === 'latin') this.compoundsOf(folded, meter).forEach((hit) => hits.push(hit));
    for (const [code, stemmer] of STEMMERS_BY_SCRIPT.get(script) ?? []) {
      const starts = this.stemStarts.get(code);
      const heads = stemmer.compounds ? this.headStarts.get(code) : undefined;
      const maybeStem = starts?.has(folded.slice(0, 3)) === true;
      if (!maybeStem && !containsAny(folded, heads, meter)) continue;
      const stem = this.stemOf(stemmer, written, meter);
      // A Latin word that is its own stem is not inflected (exact matching reads it), and one
      // inflected like an English word is read as English.
      const english =
        folded.startsWith(stem) && ENGLISH_ENDINGS.includes(folded.slice(stem.length));
      if (script === 'latin' && (stem === folded || english)) continue;
      if (stem.length >= minStem(script))
        note(this.stems.get(`${code}\u0000${stem}`), stemmer.crude);
      if (!stemmer.compounds) continue;
      const longest = Math.min(this.longestStem, stem.length - MIN_COMPOUND_PREFIX);
      for (let head = MIN_COMPOUND_HEAD; head <= longest; head += 1) {
        meter.step();
        note(this.compoundStems.get(`${code}\u0000${stem.slice(-head)}`), stemmer.crude);
      }
    }
    return hits;
  }

  /** The terms a word ends in in a compounding language, or holds inside when long. */
  private compoundsOf(folded: string, meter: StepMeter): StemHit[] {
    const hits: StemHit[] = [];
    const longest = Math.min(this.longestHead, folded.length - MIN_COMPOUND_PREFIX);
    for (let head = MIN_COMPOUND_HEAD; head <= longest; head += 1) {
      meter.step();
      hits.push(...(this.compoundHeads.get(folded.slice(-head)) ?? []));
    }
    if (folded.length > MIN_INSIDE) hits.push(...(this.inside.find(folded, meter) as StemHit[]));
    return hits;
  }
}

function push(map: Map<string, StemHit[]>, key: string, hit: StemHit) {
  const list = map.get(key);
  if (!list) map.set(key, [hit]);
  else if (!list.some((other) => other.kind === hit.kind)) list.push(hit);
}

/** Whether any three-letter group of the word is one of `starts`. */
function containsAny(word: string, starts: ReadonlySet<string> | undefined, meter: StepMeter) {
  if (!starts) return false;
  for (let index = 0; index + 3 <= word.length; index += 1) {
    meter.step();
    if (starts.has(word.slice(index, index + 3))) return true;
  }
  return false;
}
