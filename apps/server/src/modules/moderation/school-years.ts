import { AGE_WORDS } from './age-words';
import { foldCharacters } from './fold-characters';
import { createStepMeter } from './step-meter';
import { ORDINAL_SUFFIX, PERSON } from './terms/en-ages';

/**
 * Endings written between a number and its school word ("7th grade", "5ª série", "6-й класс",
 * "7'nci sınıf", "3e klas"), skipped when the school word is looked for.
 */
const ORDINAL_ENDINGS: ReadonlySet<string> = new Set(
  [...ORDINAL_SUFFIX, 'e', 'er', 're', 'eme', 'ème', 'o', 'a', 'й', 'я', 'ая', 'ый', 'ий', 'го']
    .concat(['te', 'ste', 'de', 'ci', 'nci', 'inci', 'ıncı', 'uncu', 'üncü', 'ncı', 'ncu', 'nd'])
    .map((ending) => foldCharacters(ending, createStepMeter())),
);

/** Who a "year N" is about when it is a school year ("year 7 student", "year 9 girl"). */
const SCHOOL_PERSON: ReadonlySet<string> = new Set([
  ...PERSON,
  ...AGE_WORDS.subjects,
  'student',
  'students',
  'pupil',
  'pupils',
  'schoolgirl',
  'schoolgirls',
  'schoolboy',
  'schoolboys',
  'class',
]);

/** The index of the first token after the number at `index`, an ordinal ending skipped. */
function afterNumber(tokens: readonly string[], index: number): number {
  return ORDINAL_ENDINGS.has(tokens[index + 1] ?? '') ? index + 2 : index + 1;
}

/**
 * Whether the number at `index` (1 to 12) is a year at school in any language (`schoolYears`
 * of terms/*.ts): "klasa 6", "7. Klasse", "6 класс", "5ª série", "中学一年", "七年级", and "year 7"
 * only before a person word.
 */
export function isSchoolYearAt(tokens: readonly string[], index: number, number: number): boolean {
  if (number < 1 || number > 12) return false;
  if (AGE_WORDS.schoolBefore.endingAt(tokens, index - 1)) return true;
  const next = afterNumber(tokens, index);
  if (AGE_WORDS.schoolAfter.startingAt(tokens, next)) return true;
  return (
    AGE_WORDS.schoolBeforePerson.has(tokens[index - 1] ?? '') &&
    SCHOOL_PERSON.has(tokens[next] ?? '')
  );
}

/** Whether a school system's own name for a year starts at `index` ("cm2", "ce1"). */
export function isSchoolCodeAt(tokens: readonly string[], index: number): boolean {
  return AGE_WORDS.schoolCodes.startingAt(tokens, index) !== undefined;
}
