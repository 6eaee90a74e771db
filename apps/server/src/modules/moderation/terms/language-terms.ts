/**
 * One language's word lists for the content rules (docs/decisions/021-content-rules.md). Terms
 * are written once, plainly, in the language's own script: the lexicon folds them exactly as it
 * folds prompts (case, accents, look-alikes, leetspeak), and terms of 7+ letters also match one
 * typo away. Terms in Chinese, Japanese, Korean or Thai characters are found anywhere in the
 * text, without word boundaries; the others match whole words.
 */
export interface LanguageTerms {
  /** Words that say the subject is a minor (refused together with a sexual term). */
  minor: readonly string[];
  /** Minor signals refused on their own: they only ever mean sexualised minors. */
  inherent?: readonly string[];
  /** School and child settings: in a sexual prompt they place a minor in the scene. */
  school?: readonly string[];
  /** "baby" and its like: a minor outside `notMinorAfter`'s phrases. */
  baby?: readonly string[];
  /** Words that make a depiction sexual. */
  sexual: readonly string[];
  /** In the negative prompt of a sexual prompt, these ask for someone who is not an adult. */
  adulthood?: readonly string[];
  /**
   * Ordinary words that hide a term: in a spaceless script, those containing one ("裸足",
   * barefoot, holds "裸"); elsewhere, words one typo from one ("dziewczyna", a young woman).
   */
  neutral?: readonly string[];
  /** A minor or school term followed by one of these words is not one ("anak kucing", kitten). */
  notMinorAfter?: Readonly<Record<string, readonly string[]>>;
  /**
   * Words written before an apostrophe that elides them ("l'", "d'", "dell'", "qu'"): the
   * apostrophe after one splits it from the next word and never glues the two into a term
   * ("pintura a l'oli" is not "loli"). Merged across languages like every list.
   */
  elided?: readonly string[];
  /**
   * Terms whose other inflections collide with ordinary words elsewhere: read exactly as
   * listed, never through the language's stemmer or as the end of a compound (inflections.ts).
   */
  unstemmed?: readonly string[];
  ages?: AgeWords;
}

export interface AgeWords {
  /** Words that make the number before them an age ("12 años", "12 Jahre", "12歳", "12 лет"). */
  units: readonly string[];
  /** Number words read like digits before a unit; tens and units add up ("dix-huit" = 18). */
  numbers?: Readonly<Record<string, number>>;
  /** Birthday words: a number within three words before or after one is an age. */
  birthdays?: readonly string[];
  /** Person words: a number closing a clause within three words after one is an age ("chica, 12"). */
  subjects?: readonly string[];
  /** Words that add ten to the number before them ("dua belas" = 12, "خمسة عشر" = 15). */
  teens?: readonly string[];
  /** Words that multiply the number before them by ten ("dua puluh" = 20, "hai mươi" = 20). */
  tens?: readonly string[];
  /** Words that make "N years" a time span, not an age ("hace 12 años", "11 jaar geleden"). */
  spans?: { before?: readonly string[]; after?: readonly string[] };
  /**
   * Words that make a four-digit year a birth year, read against today's date: `before` the
   * year ("born in 2013", "Jahrgang 2014", "née en 2012", "rocznik 2011"), `after` it
   * ("2013年生まれ", "2012년생", "2012 doğumlu"). A phrase is matched token by token as the age
   * reader splits it (digits apart from letters, Chinese and Japanese characters one by one).
   */
  birthYears?: { before?: readonly string[]; after?: readonly string[] };
  /**
   * School years: words that make a number from 1 to 12 a year at school, `before` it ("klasa
   * 6", "grade 7", "kelas 5") or `after` it ("7. Klasse", "6 класс", "5ª série", "1학년", an
   * ordinal ending between them is skipped). A word that also counts other things ("year",
   * "class") belongs in `beforePerson`: it is a school year only when a person word follows
   * the number ("year 7 student"). `codes` are a school system's own names for its years
   * ("cm2", "ce1"): their letters and digits as one word.
   */
  schoolYears?: {
    before?: readonly string[];
    after?: readonly string[];
    beforePerson?: readonly string[];
    codes?: readonly string[];
  };
}
