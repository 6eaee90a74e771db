import type { LanguageTerms } from './language-terms';

/**
 * Bulgarian, in Cyrillic and in the Latin spellings people type: each term is written once in
 * Cyrillic and also listed in the official transliteration ("momiche"), the informal one
 * ("ц" as "c", "ж" as "j", "ъ" as "u": "tiyneydjurka") and, for single words, the chat one
 * with digits ("ч" as "4", "ш" as "6": "momi4enceto"). Nouns are listed with their definite
 * forms ("момичето"). Compounds of an age ("дванадесетгодишна") are one word, generated here.
 *
 * Ambiguous words and how they are handled:
 * - "момиче" (girl) and "момче" (boy) are said of young adults too, like "girl": "малко
 *   момиче" and the diminutives' definite forms ("момиченцето") are minors, they are not.
 *   The bare diminutives "момиченце", "момченце" are one letter from "момиче не", "момче на"
 *   glued (a girl not…, a boy of…): listed only in phrases and as "momichentse".
 * - "гол" (naked) is also a goal in football ("два гола") and bare ("голи ръце"): in Latin
 *   script its forms count only beside a noun ("gola zhena"), after "sъvsem", an age or before
 *   a place; in Cyrillic "голо", "голи" and the definite forms count alone ("гол", "гола" in
 *   phrases; "гола" is on the Ukrainian list anyway). "голичка" and "съблечена" count alone.
 * - "бельо" is underwear and bed linen ("спално бельо"): only "долно бельо" counts.
 * - "пет" (five) folds to "net" (the Russian unit "лет") and "pet" is English: no number word.
 * - "момиче на 12 години" (a girl of 12): "на" folds to Spanish "ha" and Latin "na" is Dutch
 *   "after", both span words of the shared age reader. Ages in words are phrases here ("на
 *   дванадесет години"); in digits it is a gap (a phrase with digits is also read one typo
 *   away: "на 22 години" would be "на 2 години").
 *
 * Sources: forms and definite forms written from Bulgarian grammar and checked against the
 * Bulgarian Hunspell dictionary (Debian's hunspell-bg, expanded with unmunch); transliteration
 * by the 2009 official system and the informal conventions of Latin-script Bulgarian;
 * slang from common usage, not yet reviewed by a native speaker. Collisions checked by folding
 * every term as the reader does and comparing it, exactly, one typo away and as two glued
 * words, with Debian's English, German, Dutch, Swedish, Polish and Romance word lists and the
 * Hunspell lists of the other covered Central and Eastern European languages.
 */

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  з: 'z',
  и: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
};
/** The letters each way of writing Bulgarian in Latin script spells differently. */
const SCHEMES: ReadonlyArray<Record<string, string>> = [
  { ж: 'zh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sht', ъ: 'a', ь: 'y', ю: 'yu', я: 'ya', й: 'y' },
  { ж: 'j', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sht', ъ: 'u', ь: '', ю: 'iu', я: 'ia', й: 'i' },
  { ж: 'j', ц: 'c', ч: '4', ш: '6', щ: '6t', ъ: 'y', ь: '', ю: 'iu', я: 'q', й: 'i' },
];

function transliterate(cyrillic: string, scheme: Record<string, string>): string {
  let out = '';
  for (const char of cyrillic) out += scheme[char] ?? LATIN[char] ?? char;
  return out;
}

/**
 * A list in Cyrillic and in the Latin spellings of `schemes` (all three by default; phrases in
 * the first two only: the chat spelling is a word's, rarely a whole phrase's).
 */
function withLatin(cyrillic: readonly string[], schemes = SCHEMES): string[] {
  const out = new Set(cyrillic);
  for (const term of cyrillic) {
    const spellings = term.includes(' ') ? schemes.slice(0, 2) : schemes;
    for (const scheme of spellings) out.add(transliterate(term, scheme));
  }
  return [...out];
}

/** Age compounds: "дванадесет" + "годишна" → "дванадесетгодишна" (twelve-year-old). */
const AGE_STEMS = [
  'две',
  'три',
  'четири',
  'пет',
  'шест',
  'седем',
  'осем',
  'девет',
  'десет',
  'единадесет',
  'единайсет',
  'дванадесет',
  'дванайсет',
  'тринадесет',
  'тринайсет',
  'четиринадесет',
  'четиринайсет',
  'петнадесет',
  'петнайсет',
  'шестнадесет',
  'шестнайсет',
  'седемнадесет',
  'седемнайсет',
];
const YEAR_OLD = [
  'годишна',
  'годишен',
  'годишно',
  'годишни',
  'годишната',
  'годишния',
  'годишният',
  'годишното',
];
const YEAR_OLD_COMPOUNDS = AGE_STEMS.flatMap((stem) => YEAR_OLD.map((end) => stem + end));

/**
 * "на дванадесет години" (twelve years old): ages under 18 in words. Not in digits: a phrase is
 * also read one typo away, and "на 22 години" is one digit from "на 2 години".
 */
const UNDER_18 = [
  'една',
  'две',
  'три',
  'четири',
  'пет',
  'шест',
  'седем',
  'осем',
  'девет',
  'десет',
  'единадесет',
  'единайсет',
  'дванадесет',
  'дванайсет',
  'тринадесет',
  'тринайсет',
  'четиринадесет',
  'четиринайсет',
  'петнадесет',
  'петнайсет',
  'шестнадесет',
  'шестнайсет',
  'седемнадесет',
  'седемнайсет',
];
const AGED = UNDER_18.flatMap((age) =>
  ['години', 'годинки', 'годинка'].map((unit) => `на ${age} ${unit}`),
);

/** Forms of "гол" (naked, also a football goal) and the nouns that make them naked. */
const NAKED = ['гол', 'гола', 'голо', 'голи', 'голата', 'голия', 'голият', 'голото', 'голите'];
const NAKED_NOUNS = [
  'момиченце',
  'момиченца',
  'момченце',
  'момченца',
  'момиче',
  'момичето',
  'момичета',
  'момичетата',
  'дете',
  'детето',
  'деца',
  'децата',
  'бебе',
  'бебето',
  'момче',
  'момчето',
  'момчета',
  'хлапе',
  'хлапета',
  'малко',
  'малката',
  'малки',
  'непълнолетна',
  'малолетна',
  'гимназистка',
  'тийнейджърка',
  'ученичка',
  'ученички',
  'жена',
  'жената',
  'жени',
  'тяло',
  'тялото',
  'снимка',
  'модел',
  'манекенка',
];
const INTENSIFIERS = ['съвсем', 'напълно', 'чисто', 'цялата', 'изцяло'];
const PLACES = ['в леглото', 'на плажа', 'под душа', 'във ваната', 'на леглото'];

const MINOR = [
  'дете',
  'детето',
  'деца',
  'децата',
  'детенце',
  'детенцето',
  'дечица',
  'дечицата',
  'детски',
  'детска',
  'детско',
  'детските',
  'детския',
  'детската',
  'момиченцето',
  'малко момиченце',
  'малкото момиченце',
  'малки момиченца',
  'малките момиченца',
  'момиченцата',
  'малко момиче',
  'малкото момиче',
  'малки момичета',
  'малките момичета',
  'малко момче',
  'малкото момче',
  'малки момчета',
  'момченцето',
  'малко момченце',
  'малки момченца',
  'момченцата',
  'тийнейджърка',
  'тийнейджърката',
  'тийнейджърки',
  'тийнейджърките',
  'тинейджърка',
  'тийнейджър',
  'тийнейджъра',
  'тийнейджъри',
  'тийнейджърите',
  'непълнолетна',
  'непълнолетната',
  'непълнолетен',
  'непълнолетния',
  'непълнолетният',
  'непълнолетно',
  'непълнолетни',
  'непълнолетните',
  'малолетна',
  'малолетната',
  'малолетен',
  'малолетни',
  'малолетните',
  'малолетничка',
  'малолетнички',
  'ученичка',
  'ученичката',
  'ученички',
  'ученичките',
  'ученик',
  'ученикът',
  'ученици',
  'учениците',
  'гимназистка',
  'гимназистката',
  'гимназистки',
  'първокласничка',
  'първокласник',
  'петокласничка',
  'шестокласничка',
  'седмокласничка',
  'седмокласник',
  'осмокласничка',
  'осмокласник',
  'хлапе',
  'хлапето',
  'хлапета',
  'хлапетата',
  'хлапенце',
  'пикла',
  'пиклата',
  'пикли',
  'сополанка',
  'сополанки',
  'кърмаче',
  'кърмачето',
  'кърмачета',
  'новородено',
  'новороденото',
  'новородени',
  ...AGED,
  ...YEAR_OLD_COMPOUNDS,
];

/** Age units before a naked form: "на 12 години, гола" (twelve years old, naked). */
const UNITS = ['години', 'годинки'];
/** The indefinite forms, which also stand after their noun ("дете голо"); definite ones lead. */
const PREDICATIVE = ['гол', 'гола', 'голо', 'голи'];
const NAKED_PHRASES = [
  ...NAKED.flatMap((naked) => NAKED_NOUNS.map((noun) => `${naked} ${noun}`)),
  ...PREDICATIVE.flatMap((naked) => NAKED_NOUNS.map((noun) => `${noun} ${naked}`)),
  ...PREDICATIVE.flatMap((naked) => [...INTENSIFIERS, ...UNITS].map((word) => `${word} ${naked}`)),
  ...PREDICATIVE.flatMap((naked) => PLACES.map((place) => `${naked} ${place}`)),
];

export const bg: LanguageTerms = {
  // "момиченце" and "момченце" (little girl, boy) are one letter from "момиче не", "момче на"
  // glued (a girl not…, a boy of…): listed in their definite forms and phrases, and in the one
  // Latin spelling that is not ("momichentse").
  minor: [...withLatin(MINOR), 'momichentse', 'momichentsa', 'momchentse', 'momchentsa'],
  inherent: withLatin([
    'детско порно',
    'детска порнография',
    'детската порнография',
    'педофил',
    'педофилия',
  ]),
  school: withLatin([
    'в училище',
    'в училището',
    'на училище',
    'от училище',
    'основно училище',
    'основното училище',
    'начално училище',
    'началното училище',
    'училищен двор',
    'училищния двор',
    'училищна униформа',
    'училищната униформа',
    'училищната тоалетна',
    'училищния коридор',
    'детска градина',
    'детската градина',
    'в детската градина',
    'в яслата',
  ]),
  baby: withLatin(['бебе', 'бебето', 'бебета', 'бебетата', 'бебенце']).filter(
    // "bebe" is also Spanish for "drinks": the bare Latin word is left out.
    (term) => term !== 'bebe',
  ),
  sexual: [
    // Cyrillic only: in Latin script "golo", "goli" are Croatian and Slovenian goals and "bare".
    'голо',
    'голи',
    'голата',
    'голото',
    'голите',
    'голия',
    'голият',
    ...withLatin([
      ...NAKED_PHRASES,
      'гола-голеничка',
      'голичка',
      'голички',
      'голичко',
      'разсъблечена',
      'разсъблечен',
      'разсъблечено',
      'разсъблечени',
      'разсъблечената',
      'съблечена',
      'съблечен',
      'съблечено',
      'съблечени',
      'съблечената',
      'без дрехи',
      'без бикини',
      'без сутиен',
      'топлес',
      'секс',
      'секса',
      'сексът',
      'сексуална',
      'сексуален',
      'сексуално',
      'сексуални',
      'секси',
      'еротика',
      'еротиката',
      'еротичен',
      'еротична',
      'еротично',
      'еротични',
      'порно',
      'порнография',
      'порнографски',
      'порнографска',
      'цици',
      'циците',
      'путка',
      'путката',
      'путки',
      'се чука',
      'чука се',
      'ебане',
      'мастурбира',
      'мастурбация',
      'мастурбиране',
      'долно бельо',
      'долното бельо',
      'еротично бельо',
      'гащички',
      'гащичките',
      'изнасилване',
      'изнасилена',
      'възбудена',
      'възбуден',
      'възбудени',
      'прелъстителна',
      'съблазнителна',
      'съблазнително',
      'похотлива',
      'похотливо',
      'оргазъм',
      'фетиш',
    ]),
  ],
  // "училище" alone is any school (of art, of dance), one letter from "в училище"; the others
  // are ordinary words one typo from a long minor term. Never a fuzzy match.
  neutral: [...withLatin(['училище', 'училището']), 'detente', 'učbenik'],
  adulthood: withLatin([
    'възрастна',
    'възрастен',
    'възрастни',
    'възрастната',
    'пълнолетна',
    'пълнолетен',
    'пълнолетни',
    'над 18',
  ]),
  ages: {
    schoolYears: { after: withLatin(['клас', 'класа'], SCHEMES.slice(0, 2)) },
    birthYears: {
      before: withLatin(['родена', 'роден', 'родена през', 'родена на'], SCHEMES.slice(0, 2)),
    },
    units: withLatin(
      [
        'години',
        'годинки',
        'годинка',
        'годишна',
        'годишен',
        'годишно',
        'годишни',
        'годишната',
        'годишния',
      ],
      SCHEMES.slice(0, 2),
    ),
    numbers: Object.fromEntries(
      Object.entries({
        едно: 1,
        една: 1,
        един: 1,
        две: 2,
        два: 2,
        три: 3,
        четири: 4,
        шест: 6,
        седем: 7,
        осем: 8,
        девет: 9,
        десет: 10,
        единадесет: 11,
        единайсет: 11,
        дванадесет: 12,
        дванайсет: 12,
        тринадесет: 13,
        тринайсет: 13,
        четиринадесет: 14,
        четиринайсет: 14,
        петнадесет: 15,
        петнайсет: 15,
        шестнадесет: 16,
        шестнайсет: 16,
        седемнадесет: 17,
        седемнайсет: 17,
        осемнадесет: 18,
        осемнайсет: 18,
        деветнадесет: 19,
        деветнайсет: 19,
        двадесет: 20,
        двайсет: 20,
        тридесет: 30,
        трийсет: 30,
      }).flatMap(([word, value]) =>
        withLatin([word], SCHEMES.slice(0, 2)).map((spelled) => [spelled, value]),
      ),
    ),
    birthdays: withLatin(
      ['рожден ден', 'рождения ден', 'рождения си ден', 'рожденния ден'],
      SCHEMES.slice(0, 2),
    ),
    spans: {
      before: withLatin(['преди'], SCHEMES.slice(0, 2)),
      after: withLatin(['назад', 'по-късно'], SCHEMES.slice(0, 2)),
    },
    subjects: withLatin(['момиче', 'момичето', 'дъщеря', 'тя', 'момче'], SCHEMES.slice(0, 2)),
  },
};
