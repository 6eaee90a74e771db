import type { LanguageTerms } from './language-terms';

/** Marathi school years ("सातवी", seventh standard): alone they are also "seventh" (feminine). */
const STANDARDS = [
  'पहिली',
  'दुसरी',
  'तिसरी',
  'चौथी',
  'पाचवी',
  'सहावी',
  'सातवी',
  'आठवी',
  'नववी',
  'दहावी',
  'अकरावी',
  'बारावी',
];

/**
 * School years as Marathi writes them: "इयत्ता सातवी", "इयत्ता ७" (standard seven), and from the
 * fifth on "सातवीत" (in the seventh). "आठवीतील" (of the eighth) is one letter from
 * "आठवणीतील" (remembered): left out.
 */
const SCHOOL_YEARS = [
  ...STANDARDS.map((standard) => `इयत्ता ${standard}`),
  ...Array.from({ length: 12 }, (_, index) => `इयत्ता ${index + 1}`),
  ...STANDARDS.slice(4).map((standard) => `${standard}त`),
];

/**
 * Marathi, in Devanagari and in the Latin spelling people type. It shares its script with
 * Hindi (terms/hi.ts), and the lists are merged: words Hindi already lists ("नग्न", "सेक्सी",
 * "बालिका", "किशोरी") are not repeated, and a Marathi word that is an ordinary Hindi word is
 * left out or written as a phrase.
 *
 * Ambiguous words and how they are handled:
 * - "मुलगी"/"mulgi" (girl, daughter) and "मुलगा" (boy, son) are used of adults: not terms;
 *   "लहान मुलगी" (little girl), "चिमुकली", "चिमुरडी" (little girl), "अल्पवयीन" (minor) are.
 * - "मूल" (child) is Hindi "मूल" (root, original): only its phrases and plurals count ("लहान
 *   मूल", "मुले", "मुलांना"). The engine drops the anusvara, so "मुलांचे" (children's) reads
 *   as "मुलाचे" (the boy's) too. "मुलांच्या" and "शाळेच्या" are left out: one letter from
 *   "फुलांच्या" (of flowers) and "शाखेच्या" (of the branch).
 * - "लैंगिक" (sexual) is also "gender" in Hindi ("लैंगिक समानता"): only "लैंगिक संबंध",
 *   "लैंगिक अत्याचार", "लैंगिक शोषण" count. "उघडी" (bare) is also "open", "चड्डी" (shorts)
 *   children's clothing: left out. Latin "zavne" reads as Danish "savne" (to miss): left out.
 * - "बाळ" (baby) is also a name: not before "ठाकरे", "गंगाधर".
 * - Number words: "तेरा" (thirteen) is Hindi "your" and "एक" (one) also "a": left out ("तेरा
 *   वर्षांची" is listed as a phrase). Latin "mule" (children) is English.
 *
 * Sources: written by the team from its knowledge of Marathi (vocabulary, case endings, slang,
 * the romanisations seen on social media and in Maharashtra news reporting on POCSO cases), not
 * reviewed by a native speaker. Every term was checked against the Marathi aspell and Hindi
 * hunspell word lists and the English and European word lists for the ordinary words it equals
 * or is one typo from.
 */
export const mr: LanguageTerms = {
  minor: [
    'मुले',
    'मुलं',
    'मुलांना',
    'मुलांचे',
    'मुलांची',
    'लहान मूल',
    'लहान मुले',
    'लहान मुलं',
    'लहान मुलगी',
    'लहान मुली',
    'लहान मुलीला',
    'लहान मुलीचे',
    'लहान मुलीची',
    'लहान मुलीवर',
    'लहान मुलीसोबत',
    'लहान मुलींचे',
    'लहान मुलगा',
    'लहानगी',
    'लहानगा',
    'छोटी मुलगी',
    'छोटा मुलगा',
    'चिमुकली',
    'चिमुकला',
    'चिमुकले',
    'चिमुरडी',
    'चिमुरडा',
    'चिमुरडे',
    'बाळ',
    'बाळाला',
    'बाळाचे',
    'तान्हे बाळ',
    'तान्हुली',
    'अर्भक',
    'अल्पवयीन',
    'किशोरवयीन',
    'शाळकरी',
    'शाळेतील मुलगी',
    'शाळेतली मुलगी',
    'तेरा वर्षांची',
    'तेरा वर्षांचा',
    'तेरा वर्षांच्या',
    'lahan mulgi',
    'lahan mulga',
    'lahan mul',
    'lahan mula',
    'chimukli',
    'chimurdi',
    'chimukla',
    'alpavayin',
    'alpvayin',
    'alpavayeen',
    'kishorvayin',
    'shalkari',
    'shaletli mulgi',
    'chhoti mulgi',
    'choti mulgi',
  ],
  inherent: ['बाल अश्लील', 'बाल पॉर्न', 'बाल पोर्न', 'लोली'],
  school: ['शाळा', 'शाळेत', 'शाळेला', 'प्राथमिक शाळा', 'अंगणवाडी', ...SCHOOL_YEARS],
  sexual: [
    'नागडी',
    'नागडा',
    'नागडे',
    'नागड्या',
    'नागवी',
    'नागवा',
    'नागवे',
    'उघडीनागडी',
    'विवस्त्र',
    'कपड्यांशिवाय',
    'कपडे नसलेली',
    'लैंगिक संबंध',
    'लैंगिक अत्याचार',
    'लैंगिक शोषण',
    'संभोग',
    'झवणे',
    'झवाझवी',
    'झवले',
    'झवतो',
    'पुच्ची',
    'लवडा',
    'अंतर्वस्त्र',
    'अंतर्वस्त्रे',
    'कामोत्तेजक',
    'पॉर्न',
    'रांड',
    'nagdi',
    'nagde',
    'nagvi',
    'vivastra',
    'kapdyanshivay',
    'zavazavi',
    'sambhog',
  ],
  // "बाळ ठाकरे": Bal Thackeray, a politician, not a baby.
  notMinorAfter: { बाळ: ['ठाकरे', 'गंगाधर'] },
  adulthood: ['प्रौढ', 'प्रौढ स्त्री', 'सज्ञान', 'praudh', 'praudha'],
  ages: {
    units: [
      'वर्षांची',
      'वर्षांचा',
      'वर्षांचे',
      'वर्षांच्या',
      'वर्षाची',
      'वर्षाचा',
      'वर्षाचे',
      'वर्षाच्या',
      'वर्षे',
      'वर्षं',
      'varshanchi',
      'varshancha',
      'varshanchya',
      'varshachi',
      'varshacha',
    ],
    numbers: {
      दोन: 2,
      तीन: 3,
      चार: 4,
      पाच: 5,
      सहा: 6,
      सात: 7,
      आठ: 8,
      नऊ: 9,
      दहा: 10,
      अकरा: 11,
      बारा: 12,
      चौदा: 14,
      पंधरा: 15,
      सोळा: 16,
      सतरा: 17,
      अठरा: 18,
      एकोणीस: 19,
      वीस: 20,
      तीस: 30,
      चाळीस: 40,
      chauda: 14,
      pandhra: 15,
      satra: 17,
      athra: 18,
    },
    birthdays: ['वाढदिवस', 'वाढदिवसाला', 'वाढदिवसाच्या', 'वाढदिवशी', 'vadhdivas', 'vaadhdivas'],
    subjects: ['मुलगी', 'मुलगा', 'ती', 'पोरगी', 'mulgi', 'mulga'],
    spans: {
      before: ['गेली', 'गेल्या', 'मागील'],
      // Hindi "पहले" (ago) too: the number words above also read Hindi ages ("सात साल पहले").
      after: ['पूर्वी', 'आधी', 'झाली', 'झाले', 'पासून', 'नंतर', 'पहले', 'purvi', 'aadhi'],
    },
  },
};
