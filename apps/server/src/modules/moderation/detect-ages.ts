import type { StepMeter } from './step-meter';
import type { AgeTokens } from './tokenise-prompt';

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  // Misspellings people use (and write on purpose to slip past word lists).
  fiv: 5,
  sevin: 7,
  nien: 9,
  elevn: 11,
  elevin: 11,
  elleven: 11,
  twelf: 12,
  twelv: 12,
  thirten: 13,
  threeteen: 13,
  thirtheen: 13,
  thirteeen: 13,
  fourten: 14,
  forteen: 14,
  fourtteen: 14,
  fourteeen: 14,
  fiveteen: 15,
  fiften: 15,
  fifthteen: 15,
  fivteen: 15,
  fifteeen: 15,
  sixten: 16,
  sixtteen: 16,
  sixteeen: 16,
  sixtean: 16,
  seventen: 17,
  sevnteen: 17,
  sevinteen: 17,
  sevanteen: 17,
  seventeeen: 17,
  seventean: 17,
};

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
};

const YEARS_OLD = new Set(['yo', 'yos', 'yoa', 'yearold', 'yearsold', 'yrsold', 'yrold']);
const YEARS = new Set(['year', 'years', 'yr', 'yrs', 'yer', 'yera', 'yaer']);
const PERSON = new Set([
  'old',
  'girl',
  'girls',
  'boy',
  'boys',
  'kid',
  'child',
  'woman',
  'man',
  'female',
  'male',
  'lady',
  'guy',
  'person',
  'teen',
  'daughter',
  'son',
  'sister',
  'brother',
  'student',
]);
const AGE_BEFORE = new Set(['age', 'aged', 'ages', 'turned', 'turning', 'turns']);
/** A number closing a clause within three words of these is an age ("girl, 15", "she is 14"). */
const AGE_SUBJECT = new Set([
  ...PERSON,
  'she',
  'he',
  'her',
  'him',
  'is',
  'am',
  'looks',
  'look',
  'looking',
  'stepdaughter',
  'stepsister',
  'niece',
  'nephew',
  'sis',
  'bro',
]);
AGE_SUBJECT.delete('old');
const ORDINAL_SUFFIX = new Set(['th', 'st', 'nd', 'rd']);
const BIRTHDAY = new Set(['birthday', 'bday', 'birthdays']);
const GRADE = new Set(['grade', 'grader', 'graders', 'grades']);

export interface AgeSignals {
  /** An age under 18 ("15 yo", "fifteen-year-old", "16th birthday", "aged 12", "3 months old"). */
  minor: boolean;
  /** A school grade ("5th grade", "grade 7"). */
  school: boolean;
  /** An age of 18 or more (a negative prompt that names one asks for someone younger). */
  adult: boolean;
}

function numberAt(token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  if (/^[0-9]{1,3}$/.test(token)) return Number(token);
  return NUMBER_WORDS[token];
}

/** Ages stated in the prompt, read token by token (constant look-ahead): linear. */
export function detectAges(ageTokens: AgeTokens, meter: StepMeter): AgeSignals {
  const { tokens, clauseEnds, joined } = ageTokens;
  const signals: AgeSignals = { minor: false, school: false, adult: false };
  const note = (age: number) => {
    if (age < 18) signals.minor = true;
    else signals.adult = true;
  };
  tokens.forEach((token, index) => {
    meter.step();
    const next = tokens[index + 1] ?? '';
    const after = tokens[index + 2] ?? '';
    const previous = tokens[index - 1] ?? '';
    const ordinal = ORDINAL_WORDS[token];
    if (ordinal !== undefined) {
      if (BIRTHDAY.has(next)) note(ordinal);
      if (GRADE.has(next) && ordinal <= 12) signals.school = true;
      return;
    }
    const number = numberAt(token);
    if (number === undefined) return;
    // Weights, ratios and tags ("(girl:1.2)", "16:9", "score_9") are not ages said in passing.
    const endsClause = clauseEnds[index] === true && joined[index] !== true;
    const subjectBefore = [1, 2, 3].some((back) => AGE_SUBJECT.has(tokens[index - back] ?? ''));
    if ((next === 'month' || next === 'months' || next === 'mo') && after === 'old') {
      signals.minor = true;
    } else if (
      YEARS_OLD.has(next) ||
      (next === 'y' && after === 'o') ||
      (YEARS.has(next) &&
        (PERSON.has(after) ||
          clauseEnds[index + 1] === true ||
          (after === 'of' && tokens[index + 3] === 'age'))) ||
      (endsClause && subjectBefore) ||
      BIRTHDAY.has(next) ||
      (ORDINAL_SUFFIX.has(next) && BIRTHDAY.has(after)) ||
      AGE_BEFORE.has(previous)
    ) {
      note(number);
    }
    const grade = (ORDINAL_SUFFIX.has(next) && GRADE.has(after)) || previous === 'grade';
    if (grade && number <= 12) signals.school = true;
  });
  return signals;
}
