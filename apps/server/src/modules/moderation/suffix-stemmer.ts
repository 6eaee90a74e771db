/**
 * A light stemmer for languages no kept stemmer library covers (inflections.ts): the longest of
 * the language's case and number endings is cut, when at least `minStem` letters stay. Endings
 * only, no vowel or consonant changes: it reads the regular forms ("dziewczynkami" →
 * "dziewczynk"), the irregular ones stay in the word lists.
 */
export function createSuffixStemmer(endings: readonly string[], minStem = 4) {
  const longestFirst = [...new Set(endings)].sort((a, b) => b.length - a.length);
  return (word: string): string => {
    for (const ending of longestFirst) {
      if (word.length - ending.length >= minStem && word.endsWith(ending)) {
        return word.slice(0, -ending.length);
      }
    }
    return word;
  };
}

const words = (text: string) => text.split(' ');

/** Case and number endings of nouns and adjectives, by language (written as the language does). */
export const SUFFIX_ENDINGS: Readonly<Record<'pl' | 'cs' | 'sk' | 'sl' | 'lv' | 'et', string[]>> = {
  pl: words('ami ach owie owi om ów ego emu ymi imi ych ich ej ie ą ę a e i o u y'),
  cs: words('ami ách ích ech ové ovi ům ou em ém ého ému ým ými ých í é á ě a e i o u y ů'),
  sk: words('ami ách iach ích och ov om ou ého ému ým ými ých ej í é á ä a e i o u y'),
  sl: words('ami ih im om em ega emu imi a e i o u'),
  lv: words('iem ām ēm īm as es is us ai ei u a e i s š'),
  et: words(
    'dega tega dele tele dest test desse ega ele elt est esse eks ena eni ete ed ud id ' +
      'ga le lt st ks sse ni na d s t e i',
  ),
};
