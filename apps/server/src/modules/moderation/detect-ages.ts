import {
  AGE_WORDS,
  ageUnit,
  birthYearWordAt,
  cjkNumber,
  isBirthdayAt,
  isSpanAfterAt,
} from './age-words';
import { isSchoolCodeAt, isSchoolYearAt } from './school-years';
import { isDenseChar } from './scripts';
import type { StepMeter } from './step-meter';
import {
  AGE_BEFORE,
  AGE_SUBJECT,
  BIRTHDAY,
  GRADE,
  NUMBER_WORDS,
  ORDINAL_SUFFIX,
  ORDINAL_WORDS,
  PERSON,
  YEARS,
  YEARS_OLD,
} from './terms/en-ages';
import type { AgeTokens } from './tokenise-prompt';

export interface AgeSignals {
  /** An age under 18 ("15 yo", "fifteen-year-old", "16th birthday", "12 años", "12歳"). */
  minor: boolean;
  /** A school grade ("5th grade", "grade 7"). */
  school: boolean;
  /** An age of 18 or more (a negative prompt that names one asks for someone younger). */
  adult: boolean;
  /** The age as the prompt wrote it, folded ("15 yo", "12 años"), for the refusal message. */
  said: string[];
}

function englishNumber(token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  if (/^[0-9]{1,3}$/.test(token)) return Number(token);
  return NUMBER_WORDS[token];
}

/**
 * Per token, the number it says in any language, tens and units added up ("dix-huit" = 18,
 * "mười lăm" = 15, "on iki" = 12, "dua belas" = 12), or undefined.
 */
function numbersOf(tokens: readonly string[], meter: StepMeter): Array<number | undefined> {
  const out: Array<number | undefined> = [];
  tokens.forEach((token, index) => {
    meter.step();
    const before = out[index - 1];
    const word = AGE_WORDS.numbers.get(token);
    // "belas", "عشر" (+10) and "puluh", "mươi" (×10) change the number before them.
    const suffix = AGE_WORDS.suffixes.get(token);
    let number = englishNumber(token) ?? word ?? cjkNumber(token);
    if (suffix && before !== undefined) number = suffix(before);
    else if (
      word !== undefined &&
      before !== undefined &&
      !/^[0-9]/.test(tokens[index - 1] ?? '')
    ) {
      if (before % 10 === 0 && before >= 10 && word < 10) number = before + word;
    }
    out.push(number);
  });
  return out;
}

/**
 * A birth year makes an age against `now`: a minor while the person may still be under 18 (born
 * eighteen calendar years ago may be 17 until the birthday).
 */
function ageBornIn(year: number, now: Date): number | undefined {
  const age = now.getUTCFullYear() - year;
  if (age < 0 || age > 120) return undefined;
  return age === 18 ? 17 : age;
}

/**
 * Ages stated in the prompt, read token by token (constant look-ahead): linear. Birth years are
 * read against `now` (tests fix it).
 */
export function detectAges(
  ageTokens: AgeTokens,
  meter: StepMeter,
  now: Date = new Date(),
): AgeSignals {
  const { tokens, clauseEnds, joined } = ageTokens;
  const signals: AgeSignals = { minor: false, school: false, adult: false, said: [] };
  const numbers = numbersOf(tokens, meter);
  /** An age found: the number and the word that marks it, in the order written. */
  const note = (age: number, index: number, marker?: string, markerFirst = false) => {
    if (age < 18) signals.minor = true;
    else signals.adult = true;
    const token = tokens[index] ?? '';
    const gap = marker && !isDenseChar(marker[0] ?? '') ? ' ' : '';
    const said = !marker ? token : markerFirst ? `${marker} ${token}` : `${token}${gap}${marker}`;
    if (age < 18) signals.said.push(said);
  };
  tokens.forEach((token, index) => {
    meter.step();
    const next = tokens[index + 1] ?? '';
    const after = tokens[index + 2] ?? '';
    const previous = tokens[index - 1] ?? '';
    if (isSchoolCodeAt(tokens, index)) signals.school = true;
    // "born in 2013", "Jahrgang 2014", "2013年生まれ", "2012년생": a birth year.
    if (/^[0-9]{4}$/.test(token)) {
      const born = birthYearWordAt(tokens, index);
      const age = born && ageBornIn(Number(token), now);
      if (born && age !== undefined) note(age, index, born.word, born.before);
      return;
    }
    const ordinal = ORDINAL_WORDS[token];
    if (ordinal !== undefined) {
      if (BIRTHDAY.has(next)) note(ordinal, index, next);
      if (GRADE.has(next) && ordinal <= 12) signals.school = true;
      return;
    }
    const number = numbers[index];
    if (number === undefined) return;
    if (isSchoolYearAt(tokens, index, number)) signals.school = true;
    // Any language: a number before an age word ("12 años", "12歳") or near a birthday word.
    meter.step(6);
    // "lat 12", "лет 12": the unit before the number, in the languages that allow it.
    const unitBefore = ageUnit(previous);
    if (unitBefore && clauseEnds[index] === true) return note(number, index, unitBefore, true);
    const unit = ageUnit(next);
    if (unit) {
      const span = AGE_WORDS.spanBefore.has(previous) || isSpanAfterAt(tokens, index + 2);
      return span ? undefined : note(number, index, unit);
    }
    for (const offset of [1, 2, 3, -2, -3]) {
      if (isBirthdayAt(tokens, index + offset)) return note(number, index, 'birthday');
    }
    if (englishNumber(token) === undefined) return;
    // Weights, ratios and tags ("(girl:1.2)", "16:9", "score_9") are not ages said in passing.
    const endsClause = clauseEnds[index] === true && joined[index] !== true;
    const subjectBefore = [1, 2, 3].some((back) => {
      const word = tokens[index - back] ?? '';
      return AGE_SUBJECT.has(word) || AGE_WORDS.subjects.has(word);
    });
    if ((next === 'month' || next === 'months' || next === 'mo') && after === 'old') {
      note(0, index, `${next} old`);
    } else if (
      YEARS_OLD.has(next) ||
      (next === 'y' && after === 'o') ||
      (YEARS.has(next) &&
        (PERSON.has(after) ||
          clauseEnds[index + 1] === true ||
          (after === 'of' && tokens[index + 3] === 'age'))) ||
      BIRTHDAY.has(next) ||
      (ORDINAL_SUFFIX.has(next) && BIRTHDAY.has(after))
    ) {
      note(number, index, next === 'y' ? 'y/o' : next);
    } else if ((endsClause && subjectBefore) || AGE_BEFORE.has(previous)) {
      note(number, index);
    }
    const grade = (ORDINAL_SUFFIX.has(next) && GRADE.has(after)) || previous === 'grade';
    if (grade && number <= 12) signals.school = true;
  });
  return signals;
}
