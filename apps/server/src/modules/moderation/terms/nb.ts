import type { LanguageTerms } from './language-terms';

/** "tolvåring", "tolvårig", "tolvårige": the age written as one word. */
const AGE_COMPOUNDS = ['elleve', 'tolv', 'tretten', 'fjorten', 'femten', 'seksten', 'sytten']
  .flatMap((number) => ['åring', 'åringer', 'årig', 'årige'].map((ending) => number + ending))
  // Under eleven only "-årig": "tiåring", "femåring" are one typo from English "tiring", "fearing".
  .concat(
    // Not "sjuårig", "tiårige", "åtteårig": one typo from Dutch "25-jarig", "71-jarige" in
    // leetspeak and from "attenårig" (18).
    ['fem', 'seks', 'ni', 'ti']
      .flatMap((number) => ['årig', 'årige'].map((ending) => number + ending))
      .filter((word) => word !== 'tiårige'),
  );

/** "sjuendeklassing": a pupil of a school year, written as one word. */
const SCHOOL_YEAR_PUPILS = [
  'første',
  'andre',
  'tredje',
  'fjerde',
  'femte',
  'sjette',
  'sjuende',
  'syvende',
  'åttende',
  'niende',
  'tiende',
].flatMap((year) => [`${year}klassing`, `${year}klassinger`]);

/** "tenåring" (teenager) and its compounds: the end of "attenåring", "nittenåring" (18, 19) too. */
const TEENAGERS = [
  'tenåringsjente',
  'tenåringsjenta',
  'tenåringsjenter',
  'tenåring',
  'tenåringen',
  'tenåringene',
  'tenåringsgutt',
  'tenåringsgutter',
];

/**
 * Norwegian, Bokmål and Nynorsk. "barn" (child) is also an English barn: it counts inflected
 * ("barnet") and in phrases ("et barn", "nakne barn", "barn på"). "barna" (the children) is also
 * Hungarian "barna" (brown, of hair and eyes): it counts in phrases ("nakne barna", "barna på").
 * "nakne barn" is one typo from "naked, barn": listed, as the plain words for naked children. The
 * Nynorsk plural "born" is read through the Danish list ("børn" folds to it, with its English
 * exceptions). "jente" and "gutt" are adults' words too (like "girl", "boy"): "liten jente",
 * "småjente", "jentunge", "skolejente" are not. "tenåring" is one typo from "tearing" (a neutral
 * word) and ends "attenåring" (18): it is never read as the end of a compound, nor are the ages in
 * one word ("tjuefemårig", 25).
 *
 * Left out, one typo from other words (English ones read glued from neighbours): "lite barn"
 * ("like barn"), "eit barn" ("lit barn"), "et lite barn" ("petite, barn"), "små barn" and
 * "småbarn" ("man, barn"), "nakent barn" (Swedish "naken tärna"), "barnas" ("barn as"), "barna er"
 * ("bananer"), "barnets" ("barn set"), "tenåringer" ("tearing her"), "klassing" ("slåssing",
 * fighting), "tiåring", "femåring" ("tiring", "fearing"), "sjuårig" and "tiårige" (Dutch
 * "25-jarig", "71-jarige" in leetspeak), "åtteårig" ("attenårig", 18). Left out as the other
 * language's word: "gut" (Nynorsk boy: English), "fitta", "fitte" (Italian dense, German fit),
 * "pikk" (Estonian long), "pult" (a Swedish school desk), "kåt" (Danish "kat", cat), "pupper"
 * (English, puppies), "pule" (Portuguese "pule", jump), "trusa" (Romanian "trusă", a kit). "seks"
 * (six) is read as sexual by the English list and is no number word.
 *
 * Sources: the forms written by the team from Bokmål and Nynorsk grammar and usage, each checked
 * against the hunspell nb_NO and nn_NO dictionaries (Debian's hunspell-no); collisions checked by
 * script against Debian's word lists and hunspell dictionaries of the other languages (English
 * first) and against the whole merged lexicon. Not yet reviewed by a native speaker.
 */
export const nb: LanguageTerms = {
  minor: [
    ...TEENAGERS,
    'barnet',
    'et barn',
    'eit lite barn',
    'nakne små barn',
    'små barn nakne',
    'små barna',
    'nakne barn',
    'barn på',
    'barn i undertøy',
    'nakne barna',
    'barna nakne',
    'barna på',
    'barna i',
    'alle barna',
    'borna',
    'småborn',
    'barnekropp',
    'barnekroppen',
    'jentunge',
    'jentunger',
    'jentungen',
    'jentebarn',
    'jentebarnet',
    'småjente',
    'småjenta',
    'småjenter',
    'liten jente',
    'lita jente',
    'lille jenta',
    'vesle jenta',
    'små jenter',
    'ung jente',
    'unge jenter',
    'skolejente',
    'skolepike',
    'skolepiken',
    'skolepiker',
    'skolejenta',
    'skolejenter',
    'guttunge',
    'guttunger',
    'guttebarn',
    'smågutt',
    'smågutter',
    'liten gutt',
    'lille gutten',
    'små gutter',
    'ung gutt',
    'unge gutter',
    'skolegutt',
    'skolegutter',
    'mindreårig',
    'mindreårige',
    'umyndig',
    'umyndige',
    'spedbarn',
    'spedbarnet',
    'skolebarn',
    'skoleelev',
    'skoleelever',
    'barneskoleelev',
    'ungdomsskoleelev',
    'barnehagebarn',
    'ungen',
    'unger',
    'ungene',
    'ungane',
    'babyen',
    'babyer',
    'babyene',
    ...SCHOOL_YEAR_PUPILS,
    ...AGE_COMPOUNDS,
  ],
  inherent: ['barneporno', 'barnepornografi', 'pedofil', 'pedofile'],
  school: [
    'skole',
    'skolen',
    'skule',
    'skulen',
    'skolegården',
    'skolegarden',
    'skolebuss',
    'barneskole',
    'barneskolen',
    'barneskule',
    'ungdomsskole',
    'ungdomsskolen',
    'ungdomsskule',
    'barnehage',
    'barnehagen',
    'lekeplass',
    'lekeplassen',
    'leikeplass',
  ],
  sexual: [
    'naken',
    'nakent',
    'nake',
    'nakne',
    'nakenbading',
    'nakenhet',
    'nakenbilde',
    'nakenbilder',
    'avkledd',
    'avkledde',
    'uten klær',
    'utan klede',
    'seksuell',
    'seksuelle',
    'seksuelt',
    'erotisk',
    'erotiske',
    'pornografi',
    'pornofilm',
    'puppene',
    'bryster',
    'brystvorter',
    'knulle',
    'knullet',
    'puler',
    'samleie',
    'undertøy',
    'truser',
    'voldtatt',
    'voldtekt',
    'onanerer',
    'onani',
    'liderlig',
    'lettkledd',
    'lettkledde',
    'forførende',
    'sensuell',
    'sexleketøy',
  ],
  // One typo from "tenåring" (teenager), "femårig" (five-year-old), "ung jente", "liten jente"
  // (young, little girl), "umyndig" (under age), "jentebarn" (girl child): girl and boy bands,
  // a stone circle.
  neutral: [
    'tearing',
    'tenuring',
    'fearing',
    'pungente',
    'elitejente',
    'myndig',
    'myndige',
    'jenteband',
    'jentebandet',
    'gutteband',
    'stenring',
    'stenringen',
  ],
  // Never the end of a compound: "tjuefemårig" (25), "attenåring" (18), "folkehøgskoleelev" (a
  // student of a folk high school) are adults.
  unstemmed: [...TEENAGERS, ...AGE_COMPOUNDS, 'skoleelev', 'skoleelever'],
  adulthood: ['voksen', 'voksne', 'vaksen', 'vaksne', 'myndig', 'myndige'],
  ages: {
    units: ['år', 'aar', 'åring', 'åringen', 'åringer', 'årig', 'årige', 'års'],
    // Not "en"/"ein"/"ett" (one), "to" (two), "fire" (four), "seks" (six), "ni" (nine), "ti" (ten).
    numbers: {
      tre: 3,
      fem: 5,
      sju: 7,
      syv: 7,
      åtte: 8,
      elleve: 11,
      tolv: 12,
      tretten: 13,
      fjorten: 14,
      femten: 15,
      seksten: 16,
      sytten: 17,
      atten: 18,
      nitten: 19,
      tjue: 20,
      tyve: 20,
      tretti: 30,
    },
    birthdays: ['bursdag', 'bursdagen', 'bursdagsfest', 'fødselsdag', 'fødselsdagen', 'fyller'],
    spans: {
      before: ['etter', 'på', 'om'],
      after: ['siden', 'sidan', 'senere', 'seinare', 'tidligere', 'etter'],
    },
    subjects: ['jente', 'jenta', 'gutt', 'gutten', 'datter', 'dattera', 'hun'],
    birthYears: { before: ['født', 'født i', 'fødd', 'fødd i'] },
    schoolYears: { after: ['klasse', 'klassing'] },
  },
};
