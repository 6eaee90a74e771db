import type { LanguageTerms } from './language-terms';

/**
 * Romanian (and Moldovan). Nouns are listed with their definite and plural forms ("fetița",
 * "fetițele"); "ș" and "ț" are written with the comma below, and fold like the cedilla forms
 * and the spellings without diacritics.
 *
 * Ambiguous words and how they are handled:
 * - "fată" (girl) and "băiat" (boy) are said of adults too, like "girl": "fetiță",
 *   "băiețel" and "fată mică" are minors, they are not.
 * - "gol", "goală", "goi", "goale" (naked) also mean empty ("sticlă goală") and "gol" is a
 *   goal: they count only beside a noun they agree with ("fetiță goală", "copii goi"), after
 *   "complet", "total", an age, before a place, or in "în pielea goală". "dezbrăcată", "nud"
 *   and "goluță" count alone.
 * - Left out: "sâni" (Italian "sani", healthy), "sânii" (also "sănii", sleds), "țâțe" and
 *   "țâțici" ("tate", "tătici", daddies), "pulă" (the city of Pula), "țânc" ("tanc", tank),
 *   "puști" (Serbian "pusti", let), "fute" (French "futé", clever), "sexul" (also a child's
 *   sex: "sexul bebelușului"), "minore" (Italian "minore", younger, minor key), "școlari",
 *   "școlară" (one letter from English "scholar"), "elevă" (Spanish "eleva", raises),
 *   "elevele" (from "leveled"), "copilei" (from "compile").
 * - "nouă" (nine) is also "new", "una" (one) the Spanish and Italian article: neither is a
 *   number word here; "de nouă ani" is a phrase.
 * - "acum 12 ani" is "12 years ago", but "are acum 12 ani" is "she is now 12": "acum" makes a
 *   span, so the second is read as a span too (a gap; other words of the prompt still count).
 * - "sau" (or) is a span word of Vietnamese in the shared age words: "11 sau 12 ani" is read
 *   as a time span, a gap the engine has to close.
 *
 * Sources: forms written from Romanian grammar and checked against the Romanian Hunspell
 * dictionary (Debian's hunspell-ro, expanded with unmunch);
 * slang from common usage, not yet reviewed by a native speaker. Collisions checked by folding
 * every term as the reader does and comparing it, exactly, one typo away and as two glued
 * words, with Debian's English, German, Dutch, Swedish, Polish and Romance word lists and the
 * Hunspell lists of the other covered Central and Eastern European languages.
 */

/**
 * Forms of "gol" (naked, also empty and a goal) with the nouns they agree with: a masculine
 * noun takes "gol", a feminine "goală", plurals "goi" and "goale". Only agreeing pairs count,
 * so "un gol, copii la fotbal" (a goal, children at football) is not one.
 */
const NAKED_BY_NOUN: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
  [
    ['gol'],
    ['copil', 'copilul', 'copilaș', 'băiat', 'băiatul', 'băiețel', 'băiețelul', 'bebeluș'].concat([
      'bebelușul',
      'adolescent',
      'corp',
      'corpul',
      'model',
    ]),
  ],
  [
    ['goală', 'golă'],
    ['fetiță', 'fetița', 'fată', 'fata', 'copilă', 'copila', 'adolescentă', 'adolescenta']
      .concat(['elevă', 'eleva', 'școlăriță', 'puștoaică', 'minoră', 'liceană', 'femeie'])
      .concat(['femeia', 'fotografie', 'poză']),
  ],
  [
    ['goi'],
    ['copii', 'copiii', 'băieți', 'băieței', 'copilași', 'bebeluși', 'adolescenți', 'elevi'].concat(
      ['sânii', 'bărbați'],
    ),
  ],
  [
    ['goale'],
    ['fetițe', 'fetițele', 'fete', 'fetele', 'adolescente', 'eleve', 'femei', 'școlărițe'],
  ],
];
const NAKED = NAKED_BY_NOUN.flatMap(([forms]) => forms);
const INTENSIFIERS = ['complet', 'total', 'toată', 'toți', 'toate'];
const PLACES = [
  'în pat',
  'pe pat',
  'pe plajă',
  'la duș',
  'în cadă',
  'la grădiniță',
  'la școală',
  'în clasă',
  'în vestiar',
];

const MINOR = [
  'copil',
  'copilul',
  'copilului',
  'copii',
  'copiii',
  'copiilor',
  'copilă',
  'copilaș',
  'copilașul',
  'copilași',
  'copilașii',
  'fetiță',
  'fetița',
  'fetițe',
  'fetițele',
  'fetiței',
  'fetițelor',
  'fată mică',
  'fata mică',
  'fete mici',
  'fetele mici',
  'fetișcană',
  'fetișcana',
  'fetișcane',
  'băiețel',
  'băiețelul',
  'băieței',
  'băiețeii',
  'băiețelului',
  'băiat mic',
  'băiatul mic',
  'băieți mici',
  'adolescentă',
  'adolescenta',
  'adolescente',
  'adolescentei',
  'adolescentele',
  'adolescentul',
  'adolescenți',
  'adolescenții',
  'preadolescentă',
  'preadolescenta',
  'preadolescenți',
  'minoră',
  'minora',
  'minorei',
  'minorele',
  'minorul',
  'minori',
  'minorii',
  'minorilor',
  'eleve',
  'elevei',
  'elevul',
  'elevi',
  'elevii',
  'elevilor',
  'școlăriță',
  'școlărița',
  'școlărițe',
  'școlărițele',
  'școlar',
  'liceană',
  'liceana',
  'licene',
  'licean',
  'liceeni',
  'gimnazistă',
  'puștoaică',
  'puștoaica',
  'puștoaice',
  'puștoaicele',
  'puștiul',
  'puștii',
  'puștan',
  'puștani',
  'prichindel',
  'prichindei',
  'copilandră',
  'copilandru',
  'nou născut',
  'nou născută',
  'nou născuți',
  'de nouă ani',
  'nouă ani',
];

/** Age units before a naked form: "12 ani, goală" (twelve years old, naked). */
const UNITS = ['ani', 'anișori'];
const NAKED_PHRASES = [
  ...NAKED_BY_NOUN.flatMap(([forms, nouns]) =>
    forms.flatMap((naked) => nouns.flatMap((noun) => [`${naked} ${noun}`, `${noun} ${naked}`])),
  ),
  ...NAKED.flatMap((naked) => [...INTENSIFIERS, ...UNITS].map((word) => `${word} ${naked}`)),
  ...NAKED.flatMap((naked) => PLACES.map((place) => `${naked} ${place}`)),
];

export const ro: LanguageTerms = {
  minor: MINOR,
  inherent: [
    'pornografie infantilă',
    'pornografia infantilă',
    'porno cu copii',
    'pedofil',
    'pedofilie',
    'pedofilia',
  ],
  school: [
    'la școală',
    'la școala',
    'școala primară',
    'școală primară',
    'școala generală',
    'școală generală',
    'școala gimnazială',
    'școală gimnazială',
    'școlii primare',
    'curtea școlii',
    'uniformă școlară',
    'uniforma școlară',
    'uniforme școlare',
    'grădiniță',
    'grădinița',
    'grădiniței',
    'la grădiniță',
    'creșă',
    'la creșă',
    'loc de joacă',
    'locul de joacă',
  ],
  baby: ['bebeluș', 'bebelușul', 'bebeluși', 'bebelușii', 'bebelușa', 'bebelușului', 'bebelușilor'],
  sexual: [
    ...NAKED_PHRASES,
    'în pielea goală',
    'goală pușcă',
    'goluță',
    'golaș',
    'golașă',
    'dezbrăcată',
    'dezbrăcat',
    'dezbrăcați',
    'dezbrăcate',
    'dezbrăcând',
    'dezbrăcându',
    'dezbrăcare',
    'se dezbracă',
    'fără haine',
    'fără chiloți',
    'fără sutien',
    'nudă',
    'nuduri',
    'sexuală',
    'sexuale',
    'sexualizată',
    'sexi',
    'erotică',
    'erotice',
    'erotism',
    'porno',
    'pornografic',
    'pornografică',
    'pornografie',
    'sânișori',
    'sânii goi',
    'sfârcuri',
    'sfârcurile',
    'sfârcul',
    'țâțele',
    'țâțișoare',
    'pizdă',
    'pizda',
    'pizdulice',
    'futut',
    'futută',
    'futai',
    'futaiul',
    'muie',
    'masturbare',
    'masturbează',
    'masturbându',
    'lenjerie intimă',
    'lenjeria intimă',
    'lenjerie sexy',
    'lenjerie erotică',
    'chiloți',
    'chiloței',
    'chiloții',
    'chiloțeii',
    'violată',
    'violul',
    'violează',
    'seducătoare',
    'lascivă',
    'excitată',
    'excitat',
    'excitați',
    'fetiș',
  ],
  // Ordinary words one typo from a long minor term: never a fuzzy match.
  neutral: [
    'licență',
    'licența',
    'licenca',
    'licensa',
    'minoría',
    'minerul',
    'minerii',
    'minerilor',
  ],
  adulthood: [
    'adultă',
    'adulta',
    'adulți',
    'adulte',
    'majoră',
    'majore',
    'femeie adultă',
    'peste 18',
    'peste 18 ani',
  ],
  ages: {
    schoolYears: { before: ['clasa', 'clasa a', 'clasei a', 'în clasa a'] },
    birthYears: { before: ['născută în', 'născută', 'născut în', 'născut', 'născută în anul'] },
    units: ['ani', 'an', 'anișori', 'anișoare', 'anişori'],
    numbers: {
      unu: 1,
      doi: 2,
      două: 2,
      trei: 3,
      patru: 4,
      cinci: 5,
      șase: 6,
      șapte: 7,
      opt: 8,
      zece: 10,
      unsprezece: 11,
      unșpe: 11,
      doisprezece: 12,
      douăsprezece: 12,
      doișpe: 12,
      treisprezece: 13,
      treișpe: 13,
      paisprezece: 14,
      paișpe: 14,
      cincisprezece: 15,
      cinșpe: 15,
      cincișpe: 15,
      șaisprezece: 16,
      șaișpe: 16,
      șaptesprezece: 17,
      șapteșpe: 17,
      optsprezece: 18,
      optișpe: 18,
      nouăsprezece: 19,
      nouășpe: 19,
      douăzeci: 20,
      treizeci: 30,
    },
    birthdays: ['ziua de naștere', 'zi de naștere', 'aniversare', 'aniversarea', 'aniversării'],
    spans: {
      before: ['acum', 'după'],
      after: ['în urmă', 'mai târziu', 'înainte'],
    },
    subjects: ['fată', 'fetiță', 'fiică', 'fiica', 'ea', 'băiat', 'fiu'],
  },
};
