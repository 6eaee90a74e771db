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
}
