import { readLeetInAges } from './age-leet';
import { splitAgeTokens, type AgeTokens } from './age-tokens';
import { AGE_WORDS } from './age-words';
import { foldCharacters, readChar } from './fold-characters';
import type { Script } from './letter-scripts';
import { isDenseChar, isOtherScriptLetter } from './scripts';
import { createStepMeter, type StepMeter } from './step-meter';
import { spellingsOf } from './word-spellings';
import { ALL_LANGUAGE_TERMS } from './terms';
import { BIRTHDAY, GRADE, YEARS, YEARS_OLD } from './terms/en-ages';

export type { AgeTokens };

/** Where some words lie in the prompt as written: [start, end) in code units. */
export type Span = readonly [start: number, end: number];

export interface Neighbours {
  glued: string;
  /** Index in `words` of the second of the two. */
  index: number;
}

/** What the matchers read: one pass over the folded text builds all of it. */
export interface PromptTokens {
  /** Split at every non-alphanumeric and at digit/letter edges, no leetspeak: "15yo" → 15, yo. */
  ageTokens: AgeTokens;
  /** Per word (split at punctuation), its spellings after leetspeak and stretched letters. */
  words: string[][];
  /** Per word, its characters as written (case kept): what stemmers and transliteration read. */
  written: string[];
  /** Per word, where it lies in the prompt, so a refusal quotes the person's own words. */
  spans: Span[];
  /** Per word: it follows an elided word ("l'oli"), so it is never glued to the word before. */
  afterElision: boolean[];
  /** Words glued across inner punctuation ("ch.ild") and spaced-out runs ("c h i l d"). */
  glued: string[];
  /** Per glued candidate, where its words lie in the prompt. */
  gluedSpans: Span[];
  /** Each pair of neighbouring words glued ("chi ld"), for the minor and name lists only. */
  neighbours: Neighbours[];
  /** Spaced-out letters joined ("s e x y t e e n" → "sexyteen"): searched for terms inside. */
  runs: string[];
  /** Per run, where its letters lie in the prompt. */
  runSpans: Span[];
  /**
   * The characters of scripts written without spaces (Chinese, Japanese, Korean, Thai) in order,
   * spaces and punctuation between them dropped, any other letter or digit as '|': searched for
   * terms inside, with no word boundaries.
   */
  dense: string;
  /** How many letters of each script the prompt holds (letter-scripts.ts). */
  letters: ReadonlyMap<Script, number>;
  /** The emoji in the order written, without the skin tones and joiners that modify them. */
  emoji: string[];
}

const isDigit = (char: string) => char >= '0' && char <= '9';
const isLetter = (char: string) => char >= 'a' && char <= 'z';
const isWordChar = (char: string) =>
  isLetter(char) || isDigit(char) || char === '@' || char === '$' || isOtherScriptLetter(char);

/** The dense-script reading of the folded text (PromptTokens.dense). */
function denseText(text: string, meter: StepMeter): string {
  let out = '';
  for (const char of text) {
    meter.step();
    if (isDenseChar(char)) out += char;
    else if (isWordChar(char) && !out.endsWith('|')) out += '|';
  }
  return out;
}

/** A word written before an apostrophe that elides it ("l'", "dell'", "qu'"), in any language. */
const ELIDED: ReadonlySet<string> = new Set(
  ALL_LANGUAGE_TERMS.flatMap((terms) => terms.elided ?? []).map((word) =>
    foldCharacters(word, createStepMeter()),
  ),
);
const APOSTROPHES: ReadonlySet<string> = new Set(["'", '`', '\u2018', '\u2019', '\u02bc']);

/** Age words whose leetspeak is read inside ages ("y34r", "0ld"): English and every unit. */
const AGE_MARKERS: ReadonlySet<string> = new Set([
  ...YEARS,
  ...YEARS_OLD,
  ...BIRTHDAY,
  ...GRADE,
  'old',
  ...[...AGE_WORDS.units.keys()].filter((unit) => /^[a-z]+$/.test(unit)),
]);

/** The lists a reading of the prompt fills (PromptTokens without its derived parts). */
type Collected = Omit<PromptTokens, 'ageTokens' | 'dense' | 'letters'> & {
  letters: Map<Script, number>;
};

/**
 * One pass over a prompt, character by character (folded, readChar) and word by word. Words are
 * split at punctuation; a chunk is what lies between spaces; a run is a row of single letters.
 */
class PromptReader {
  readonly out: Collected = {
    words: [],
    written: [],
    spans: [],
    afterElision: [],
    glued: [],
    gluedSpans: [],
    neighbours: [],
    runs: [],
    runSpans: [],
    letters: new Map<Script, number>(),
    emoji: [],
  };
  /** The folded text, read again for ages and for the dense scripts. */
  text = '';
  // Spaced-out letters and digits as written: read for ages ("1 5 y e a r o l d").
  readonly rawRuns: string[] = [];
  private run = '';
  private rawRun = '';
  private runLength = 0;
  private runStart = 0;
  private whole = '';
  private word = '';
  private wordWritten = '';
  // Where the word being read starts and ends in the prompt, and where its chunk starts.
  private wordStart = 0;
  private wordEnd = 0;
  private chunkStart = 0;
  private parts = 0;
  private elidedBefore = false;

  constructor(private readonly meter: StepMeter) {}

  private lastWordEnd(fallback: number): number {
    return this.out.spans.at(-1)?.[1] ?? fallback;
  }

  private endRun() {
    if (this.runLength >= 3) {
      const span = [this.runStart, this.lastWordEnd(this.runStart)] as const;
      this.out.runs.push(this.run);
      this.out.runSpans.push(span);
      this.out.glued.push(this.run);
      this.out.gluedSpans.push(span);
      this.rawRuns.push(this.rawRun);
    }
    this.run = '';
    this.rawRun = '';
    this.runLength = 0;
  }

  private endWord() {
    const { word, out } = this;
    if (!word) return;
    if (this.parts === 0) this.chunkStart = this.wordStart;
    this.parts += 1;
    // A number stays a number ("under 18"); leetspeak is for words with letters in them.
    const spellings = /^[0-9]+$/.test(word) ? [word] : spellingsOf(word);
    this.meter.step(spellings.length);
    const previous = out.words.at(-1)?.[0];
    // Neighbours glued ("chi ld"): words of two letters or more; single letters form runs.
    if (previous && previous.length > 1 && word.length > 1 && !this.elidedBefore) {
      out.neighbours.push({ glued: previous + spellingsOf(word)[0], index: out.words.length });
    }
    if (word.length === 1) {
      if (this.runLength === 0) this.runStart = this.wordStart;
      this.run += spellingsOf(word)[0];
      this.rawRun += word;
      this.runLength += 1;
    } else this.endRun();
    out.words.push(spellings);
    out.written.push(this.wordWritten);
    out.spans.push([this.wordStart, this.wordEnd]);
    out.afterElision.push(this.elidedBefore);
    this.elidedBefore = false;
    this.word = '';
    this.wordWritten = '';
  }

  private endChunk() {
    this.endWord();
    if (this.parts > 1) {
      this.out.glued.push(spellingsOf(this.whole)[0] ?? this.whole);
      this.out.gluedSpans.push([this.chunkStart, this.lastWordEnd(this.chunkStart)]);
    }
    this.whole = '';
    this.parts = 0;
  }

  /** Reads one character written at `offset` of the prompt. */
  read(char: string, offset: number) {
    this.meter.step();
    const read = readChar(char);
    const { letters, emoji } = this.out;
    if (read.script) letters.set(read.script, (letters.get(read.script) ?? 0) + 1);
    if (read.emoji) emoji.push(char);
    this.text += read.folded;
    let kept = false;
    for (const folded of read.folded) {
      if (folded === ' ') this.endChunk();
      else if (isWordChar(folded)) {
        if (!this.word) this.wordStart = offset;
        this.wordEnd = offset + char.length;
        this.word += folded;
        this.whole += folded;
        if (!kept) this.wordWritten += char;
        kept = true;
      } else {
        // "l'oli" is "l'" and "oli", never "loli": an elided word ends the chunk.
        const elided = APOSTROPHES.has(folded) && ELIDED.has(this.word);
        this.endWord();
        if (elided) {
          this.endChunk();
          this.elidedBefore = true;
        }
      }
    }
  }

  /** Ends the last word, chunk and run. */
  finish() {
    this.endChunk();
    this.endRun();
  }
}

/**
 * Reads the prompt character by character (folded, readChar) and word by word: linear in its
 * length. Each word keeps its letters as written too, for the readers that need the script
 * (stemmers, transliteration), and where it lies in the prompt, for the refusal's quote.
 */
export function tokenisePrompt(prompt: string, meter: StepMeter): PromptTokens {
  const reader = new PromptReader(meter);
  let offset = 0;
  for (const char of prompt) {
    reader.read(char, offset);
    offset += char.length;
  }
  reader.finish();
  const ageText = readLeetInAges(reader.text, AGE_MARKERS, meter);
  return {
    ...reader.out,
    ageTokens: splitAgeTokens([ageText, ...reader.rawRuns], meter),
    dense: denseText(reader.text, meter),
  };
}
