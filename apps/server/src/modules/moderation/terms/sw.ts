import type { LanguageTerms } from './language-terms';

/**
 * Swahili. Verbs carry their subject, tense and object as prefixes ("anatomba", "alibakwa"), so the
 * forms people write are listed whole.
 *
 * Ambiguous words: "msichana"/"mvulana" (girl/boy) and "binti" are said of young adults too: only
 * "msichana mdogo" (little girl), "msichana wa shule" and the child words count. "kijana" (a youth,
 * up to thirty) and "mwanafunzi" (any student) are left out. "mtoto wa simba" (a lion cub) is read
 * as a child: "wa" also makes "mtoto wa kike" (a girl child). "kuma", "uke", "chuchu" and "malaya"
 * are also Japanese, English or place names: left out; "tomba" alone is Italian (a tomb).
 *
 * Ages: Swahili puts the number after the unit ("msichana wa miaka 12", a girl of twelve years),
 * which the age reader reads only when the number ends the clause; so "wa miaka N", "mwenye miaka
 * N" and "ana miaka N" are listed as phrases for every age under 18, in digits and in words.
 *
 * Sources: forms checked in the Swahili Hunspell dictionary (Debian's hunspell-sw, sw_TZ); slang
 * from the team's knowledge of everyday usage in Kenya and Tanzania. Every term was read through
 * the policy against that dictionary and the English and European word lists to find collisions. No
 * native reviewer yet.
 */

/** Ages under 18 as written after "miaka" (years): digits, and words agreeing with "miaka". */
const AGES_UNDER_18 = [
  ...Array.from({ length: 17 }, (_, index) => String(index + 1)),
  'miwili',
  'mitatu',
  'minne',
  'mitano',
  'sita',
  'saba',
  'minane',
  'nane',
  'tisa',
  'kumi',
  'kumi na moja',
  'kumi na mbili',
  'kumi na miwili',
  'kumi na tatu',
  'kumi na mitatu',
  'kumi na nne',
  'kumi na minne',
  'kumi na tano',
  'kumi na mitano',
  'kumi na sita',
  'kumi na saba',
];
const STATED_BEFORE = ['wa miaka', 'mwenye miaka', 'ana miaka', 'umri wa miaka'];
const statedAges = STATED_BEFORE.flatMap((before) =>
  AGES_UNDER_18.map((age) => `${before} ${age}`),
);

export const sw: LanguageTerms = {
  minor: [
    'mtoto',
    'watoto',
    'mtoto mdogo',
    'watoto wadogo',
    'mtoto wa kike',
    'watoto wa kike',
    'mtoto wa kiume',
    'msichana mdogo',
    'wasichana wadogo',
    'mvulana mdogo',
    'wavulana wadogo',
    'binti mdogo',
    'kibinti',
    'vibinti',
    'kitoto',
    'vitoto',
    'mtoto mchanga',
    'watoto wachanga',
    'kichanga',
    'vichanga',
    'kigori',
    'tineja',
    'matineja',
    'msichana wa shule',
    'wasichana wa shule',
    'mvulana wa shule',
    'mwanafunzi wa shule',
    'wanafunzi wa shule',
    'mwanafunzi wa msingi',
    'mwanafunzi wa sekondari',
    'chini ya umri',
  ],
  inherent: ['ponografia ya watoto', 'picha za ngono za watoto'],
  school: [
    'shule',
    'shuleni',
    'shule ya msingi',
    'shule ya sekondari',
    'chekechea',
    'kidato',
    'darasa la kwanza',
    'darasa la pili',
    'darasa la tatu',
    'darasa la nne',
    'darasa la tano',
    'darasa la sita',
    'darasa la saba',
    'uwanja wa shule',
  ],
  // Stated ages are matched exactly, as `baby` terms are: a one-typo reading of "wa miaka 12"
  // would also take "wa miaka 22".
  baby: [...statedAges, 'chini ya miaka 18', 'chini ya miaka kumi na nane', 'hajafikisha miaka 18'],
  sexual: [
    'uchi',
    'bila nguo',
    'bila chupi',
    'ngono',
    'kingono',
    'kufanya mapenzi',
    'wakifanya mapenzi',
    'anafanya mapenzi',
    'ponografia',
    'matiti',
    'mboo',
    'uume',
    'mkundu',
    'matako',
    'kutomba',
    'kutombwa',
    'kutombana',
    'anatomba',
    'alitomba',
    'anatombwa',
    'alitombwa',
    'anamtomba',
    'alimtomba',
    'amemtomba',
    'kumtomba',
    'wanatombana',
    'wakitombana',
    'kubaka',
    'kubakwa',
    'ubakaji',
    'amebakwa',
    'alibakwa',
    'aliyebakwa',
    'alimbaka',
    'anambaka',
    'nyege',
    'punyeto',
    'kujichua',
    'chupi',
    'nguo za ndani',
    'nguo ya ndani',
    'kutongoza',
    'kumtongoza',
  ],
  adulthood: ['mtu mzima', 'watu wazima', 'mwanamke mzima', 'wanawake wazima', 'zaidi ya miaka 18'],
  notMinorAfter: Object.fromEntries(STATED_BEFORE.map((before) => [`${before} kumi`, ['na']])),
  // Ordinary words one typo from a term, here or in another language's list: Spanish "pichanga"
  // (a kickabout), and Swahili "mabata" (ducks), "michanga" (sands), "kuchanga" (to chip in),
  // "unaenda" (you go), "ananena" (he speaks), "kangata" (bite).
  neutral: [
    'pichanga',
    'mabata',
    'michanga',
    'kuchanga',
    'unaenda',
    'ananena',
    'nanena',
    'kangata',
    'angata',
    'angatia',
    'angatwa',
  ],
  ages: {
    units: ['miaka', 'mwaka'],
    numbers: {
      tatu: 3,
      nne: 4,
      tano: 5,
      sita: 6,
      saba: 7,
      nane: 8,
      tisa: 9,
      kumi: 10,
      ishirini: 20,
      thelathini: 30,
    },
    birthdays: ['siku ya kuzaliwa', 'siku yake ya kuzaliwa'],
    spans: { after: ['iliyopita', 'baadaye'] },
    subjects: ['msichana', 'binti', 'mvulana', 'yeye'],
    birthYears: { before: ['alizaliwa mwaka', 'aliyezaliwa mwaka', 'alizaliwa'] },
    schoolYears: { before: ['darasa la', 'kidato cha'] },
  },
};
