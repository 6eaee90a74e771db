import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';
import { editsBetween } from './name-keys';
import { DEFAULT_REAL_PEOPLE } from './real-people';
import { createStepMeter } from './step-meter';

const policy = createPromptPolicy();
const refusedAsPerson = (text: string) => {
  const verdict = policy({ prompts: [`nude ${text}`] });
  return !verdict.allowed && 'rule' in verdict && verdict.rule === 'sexualised_real_person';
};
/** Refused by any rule ("Childish Gambino" misspelled is also one typo from "bambino"). */
const refused = (text: string) => !policy({ prompts: [`nude ${text}`] }).allowed;
const listed = DEFAULT_REAL_PEOPLE.map((name) => name.toLowerCase().replaceAll(' ', ''));
/** One letter from a listed name is that person misspelled ("Sophie Smith", "Angel White"). */
const nextToListed = (glued: string) =>
  listed.some((name) => editsBetween(glued, name, createStepMeter()) <= 1);

/** Misspellings people make: two letters swapped, a vowel changed, a doubled letter single. */
const swapMiddle = (word: string) => {
  const at = Math.floor(word.length / 2);
  return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
};
const changeVowel = (word: string) =>
  word.replace(/(?<=.)[aeiou]/, (vowel) => (vowel === 'e' ? 'a' : 'e'));
const undouble = (word: string) => word.replace(/(.)\1/, '$1');

/** Shipped names of two or three plain words of 5+ letters: the ones matched loosely. */
const looseNames = DEFAULT_REAL_PEOPLE.map((name) => name.split(' ')).filter(
  (words) => words.length >= 2 && words.length <= 3 && words.every((w) => /^[A-Za-z]{5,}$/.test(w)),
);

const FIRST_NAMES = `john james robert michael david william richard joseph thomas charles daniel
  matthew anthony mark paul steven andrew kevin brian george maria anna linda susan karen nancy
  lisa betty sandra ashley emily donna michelle carol amanda melissa laura rebecca sharon helen
  sarah jessica hannah olivia sophie lucas pierre hans carlos juan lucia marco giulia ivan olga
  ahmed fatima yuki`.split(/\s+/);
const SURNAMES = `smith johnson williams brown jones garcia miller davis rodriguez martinez lopez
  gonzalez wilson anderson thomas moore jackson martin perez thompson white harris sanchez clark
  ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green
  adams nelson baker hall rivera campbell mitchell carter roberts muller schmidt schneider fischer
  weber meyer wagner becker rossi russo ferrari dubois moreau lambert kowalski novak ivanov petrov
  yilmaz kaya tanaka suzuki park chen wang`.split(/\s+/);
const ORDINARY_WORDS = `red black white golden silver long short wet dry bright dark soft warm
  cold summer winter morning evening garden forest river ocean beach mountain city street window
  mirror bedroom kitchen studio candle flower rose lily silk satin velvet leather lace cotton
  denim dress shirt jacket stockings heels boots hat gloves scarf necklace ring earrings tattoo
  freckles curly straight hair eyes lips smile pose sitting standing lying kneeling looking
  smiling dancing painting portrait photo cinematic dramatic lighting shadows sunset sunrise rain
  snow fog neon vintage modern classic baroque gothic fantasy elegant graceful athletic curvy
  slender tall woman lady model actress singer dancer painter nurse teacher pilot soldier queen
  princess witch goddess angel mermaid vampire`.split(/\s+/);

describe('misspelled names of real people', () => {
  it('refuses generated misspellings of every shipped name of two or three 5+ letter words', () => {
    const missed: string[] = [];
    for (const words of looseNames) {
      const last = words.length - 1;
      const variants = [
        [...words.slice(0, last), swapMiddle(words[last] ?? '')],
        [changeVowel(words[0] ?? ''), ...words.slice(1)],
        [changeVowel(words[0] ?? ''), ...words.slice(1, last), undouble(words[last] ?? '')],
      ];
      for (const variant of variants) {
        const text = variant.join(' ');
        if (text !== words.join(' ') && !refused(text)) missed.push(text);
      }
    }
    expect(looseNames.length).toBeGreaterThan(500);
    expect(missed).toEqual([]);
  });

  it.each(['Scarlet Johanson', 'Tayler Swfit', 'Jenifer Lawrance', 'Margo Robie', 'taylerswift'])(
    'refuses %s in a sexual prompt',
    (name) => {
      expect(refusedAsPerson(name)).toBe(true);
    },
  );

  it('lets ordinary first-name and surname pairs pass (unless one letter from a listed name)', () => {
    const wrong: string[] = [];
    for (const first of FIRST_NAMES) {
      for (const last of SURNAMES) {
        if (refused(`${first} ${last}`) && !nextToListed(first + last)) {
          wrong.push(`${first} ${last}`);
        }
      }
    }
    expect(FIRST_NAMES.length * SURNAMES.length).toBeGreaterThan(4000);
    expect(wrong).toEqual([]);
  });

  it('lets every pair of ordinary prompt words pass', () => {
    const wrong: string[] = [];
    for (const first of ORDINARY_WORDS) {
      for (const second of ORDINARY_WORDS) {
        if (refused(`${first} ${second}`) && !nextToListed(first + second)) {
          wrong.push(`${first} ${second}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
