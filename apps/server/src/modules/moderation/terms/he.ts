import type { LanguageTerms } from './language-terms';

/**
 * Hebrew, in Hebrew script (niqqud folds away) and in the Latin spelling people type. Hebrew glues
 * its prepositions, "and", "that" and the article to the word ("הילדה", the girl; "לילדה", to the
 * girl; "והילדה", and the girl): `withPrefixes` lists those forms of each key word.
 *
 * Ambiguous words: "נערות" (teenage girls) are also "נערות ליווי" (escorts) and "נערות שער" (cover
 * girls): not minors there. "תלמיד חכם" is a scholar; "בית ספר לאמנות" an art school. "ילדות" is
 * both girls and childhood: kept. "בחורה" (a young woman) is an adult. "כוס" (a cup), "שדים"
 * (demons, spelled like breasts), "מופשטת" (abstract), "מתפשטת" (spreading), "מציצה" (sucking) and
 * "מיני" (kinds of) are left out, and so is "זין": "ו" and "ן" both fold to "l", which makes it the
 * name "זיו". "התיכון" is also the Mediterranean ("הים התיכון"): only "בתיכון" and "תלמידת תיכון"
 * count. In Latin letters "yalda" (a Persian name and festival) and "arom" (Swedish, aroma) are
 * left out.
 *
 * Ages: "בת 12" (twelve years old, of a girl) puts the unit before the number, which the age reader
 * reads only when the number ends the clause; so "בת/בן/בגיל N" are listed for every age under 18,
 * in digits and in words. "שבע" (seven) is left out after "בת": "בת שבע" is a name.
 *
 * Sources: forms checked in the Hebrew Hunspell dictionary (Debian's hunspell-he, he_IL, from
 * Hspell); slang and Latin spellings from the team's knowledge of everyday Israeli usage. Terms
 * were checked against that dictionary's words and the other languages' word lists for collisions.
 * No native reviewer yet.
 */

/** Prepositions, "and", "that" and the article, as they glue to a noun. */
const NOUN_PREFIXES = ['', 'ה', 'ו', 'וה', 'ש', 'שה', 'ל', 'ב', 'מ', 'מה', 'כ', 'וב', 'ול'];
/** Adjectives take the article, "and" and "that". */
const ADJECTIVE_PREFIXES = ['', 'ה', 'ו', 'וה', 'ש', 'שה'];

function withPrefixes(words: readonly string[], prefixes: readonly string[]): string[] {
  return words.flatMap((word) => prefixes.map((prefix) => prefix + word));
}

const AGE_WORDS = [
  ...Array.from({ length: 17 }, (_, index) => String(index + 1)),
  'שתיים',
  'שלוש',
  'ארבע',
  'חמש',
  'שש',
  'שמונה',
  'תשע',
  'עשר',
  'אחת עשרה',
  'אחד עשר',
  'שתים עשרה',
  'שתיים עשרה',
  'שנים עשר',
  'שלוש עשרה',
  'שלושה עשר',
  'ארבע עשרה',
  'ארבעה עשר',
  'חמש עשרה',
  'חמישה עשר',
  'שש עשרה',
  'שישה עשר',
  'שבע עשרה',
  'שבעה עשר',
];
const STATED_BEFORE = ['בת', 'בן', 'בנות', 'בני', 'בגיל', 'בגילאי'];
const statedAges = STATED_BEFORE.flatMap((before) => AGE_WORDS.map((age) => `${before} ${age}`));
/** School years: "כיתה ו" (sixth grade); "י" is left out, as the folding drops it. */
const GRADE_LETTERS = ['א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט', 'יא', 'יב'];
const grades = ['כיתה', 'בכיתה', 'תלמידת כיתה'].flatMap((before) =>
  GRADE_LETTERS.map((letter) => `${before} ${letter}`),
);

export const he: LanguageTerms = {
  minor: [
    ...withPrefixes(
      [
        'ילד',
        'ילדה',
        'ילדים',
        'ילדות',
        'ילדון',
        'ילדונת',
        'קטין',
        'קטינה',
        'קטינים',
        'קטינות',
        'מתבגרת',
        'מתבגר',
        'מתבגרות',
        'מתבגרים',
        'פעוט',
        'פעוטה',
        'פעוטות',
        'פעוטים',
        'תלמידה',
        'תלמידות',
        'תלמיד',
        'תלמידים',
        'תיכוניסטית',
        'תיכוניסטיות',
        'תיכוניסט',
        'טינאייג׳רית',
        "טינאייג'רית",
      ],
      NOUN_PREFIXES,
    ),
    ...withPrefixes(['נערה', 'נערות', 'נער', 'נערים'], ['', 'ה', 'ו', 'וה', 'ש', 'שה', 'כ']),
    'ילדה קטנה',
    'תלמידת תיכון',
    'תלמידות תיכון',
    'תלמיד תיכון',
    'תלמידת בית ספר',
    'תלמידת יסודי',
    'תלמידת חטיבה',
    // Latin spellings.
    'yaldah',
    'yaldot',
    'yeled',
    'yeladim',
    'yaldon',
    'ktina',
    'ktinah',
    'ketina',
    'ktinot',
    'naara',
    'naarah',
    'naarot',
    'talmida',
    'talmidot',
    'mitbageret',
    'metbageret',
  ],
  inherent: [
    'פדופיל',
    'פדופילית',
    'פדופיליה',
    'פורנו ילדים',
    'פורנוגרפיית ילדים',
    'פורנוגרפיה של ילדים',
    'לוליקון',
  ],
  school: [
    'בית ספר',
    'בית הספר',
    'בבית הספר',
    'לבית הספר',
    'בית ספר יסודי',
    'ביסודי',
    'חטיבת ביניים',
    'בחטיבת הביניים',
    'בתיכון',
    'לתיכון',
    'גן ילדים',
    'גן חובה',
    'בגן הילדים',
    'פעוטון',
    'מגרש משחקים',
    'גן שעשועים',
    ...grades,
    'beit sefer',
    'beit hasefer',
    'gan yeladim',
    'tichon',
  ],
  // Stated ages are matched exactly, as `baby` terms are: a one-typo reading of "בגילאי 12"
  // would also take "בגילאי 22".
  baby: [
    ...withPrefixes(['תינוק', 'תינוקת', 'תינוקות'], NOUN_PREFIXES),
    'tinok',
    'tinoket',
    ...statedAges,
    'מתחת לגיל 18',
    'מתחת לגיל שמונה עשרה',
  ],
  sexual: [
    ...withPrefixes(
      [
        'עירום',
        'עירומה',
        'עירומים',
        'עירומות',
        'ערום',
        'ערומה',
        'ערומים',
        'ערומות',
        'ערטילאית',
        'ערטילאי',
        'סקסי',
        'סקסית',
        'סקסיות',
        'ארוטי',
        'ארוטית',
        'ארוטיים',
        'ארוטיות',
        'פורנוגרפי',
        'פורנוגרפית',
        'מינית',
        'חושנית',
        'פרובוקטיבית',
        'חרמנית',
        'חרמנה',
        'חרמן',
        'חרמנים',
        'מזדיינת',
        'מזדיין',
        'מזדיינים',
        'מאוננת',
        'מאונן',
        'נאנסה',
        'נאנסת',
      ],
      ADJECTIVE_PREFIXES,
    ),
    ...withPrefixes(
      [
        'סקס',
        'פורנו',
        'פורנוגרפיה',
        'ארוטיקה',
        'ציצים',
        'פטמות',
        'פטמה',
        'זיון',
        'זיונים',
        'אונס',
        'אוננות',
        'תחתונים',
        'חוטיני',
        'זונה',
        'שרמוטה',
        'אורגזמה',
        'סטריפטיז',
      ],
      NOUN_PREFIXES,
    ),
    'בעירום',
    'יחסי מין',
    'קיום יחסי מין',
    'הלבשה תחתונה',
    'בהלבשה תחתונה',
    'בלי בגדים',
    'ללא בגדים',
    'חשופת חזה',
    // Latin spellings.
    'aruma',
    'arumah',
    'eruma',
    'erumah',
    'arumot',
    'arumim',
    'seksit',
    'sexit',
    'erotit',
    'harmanit',
    'lezayen',
    'mizdayenet',
    'tzitzim',
    'tsitsim',
    'sharmuta',
  ],
  adulthood: [
    ...withPrefixes(
      ['בוגרת', 'בוגר', 'בוגרות', 'בוגרים', 'מבוגרת', 'מבוגר', 'מבוגרים', 'בגירה', 'בגיר'],
      ADJECTIVE_PREFIXES,
    ),
    'אישה בוגרת',
    'מעל גיל 18',
    'bogeret',
    'mevugeret',
  ],
  // One typo from the Latin "talmida": a Portuguese surname and the Greek for an Italian woman.
  neutral: ['almeida', 'italida'],
  notMinorAfter: {
    // Eight and nine are not eighteen and nineteen ("בת שמונה עשרה").
    ...Object.fromEntries(
      STATED_BEFORE.flatMap((before) =>
        ['שמונה', 'תשע'].map((age) => [`${before} ${age}`, ['עשרה', 'עשר']]),
      ),
    ),
    נערות: ['ליווי', 'שער', 'זוהר'],
    // "בית ספר לאמנות" (an art school) and other adults' schools.
    ...Object.fromEntries(
      ['בית ספר', 'בית הספר'].map((school) => [
        school,
        ['לאמנות', 'לאומנות', 'למשחק', 'למחול', 'לצילום', 'לנהיגה', 'לאופנה', 'לבישול', 'לעיצוב'],
      ]),
    ),
    תלמיד: ['חכם'],
  },
  ages: {
    units: ['בת', 'בן'],
    birthdays: ['יום הולדת', 'יום ההולדת', 'יומולדת'],
    subjects: ['ילדה', 'נערה', 'בחורה', 'בת', 'הבת'],
    birthYears: { before: ['ילידת', 'יליד', 'ילידי', 'נולדה ב', 'נולדה בשנת', 'נולד בשנת'] },
    schoolYears: { before: ['כיתה', 'בכיתה'] },
  },
};
