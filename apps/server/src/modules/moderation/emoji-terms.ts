import type { LanguageTerms } from './terms/language-terms';

/**
 * Emoji read as words (docs/decisions/021-content-rules.md), whatever skin tone, gender sign or
 * joiner follows them ("👧🏻", "🧒🏽‍…", the girl in a family "👨‍👩‍👧"). Like words, one alone
 * refuses nothing: a child emoji is a minor signal, a sexual one a sexual word, and only the two
 * together (or either with a word of the other kind) refuse. The sexual set is the emoji used as
 * sexual slang, kept to those whose other meanings rarely sit beside a child: the aubergine and
 * the peach, droplets, a tongue, a bitten lip and "no one under 18". Hearts, kisses, flames and
 * devils are left out: they are said of children too.
 */
export const EMOJI_TERMS: LanguageTerms = {
  minor: ['👶', '👧', '🧒', '👦', '🚸', '🍼'],
  school: ['🏫'],
  sexual: ['🍆', '🍑', '💦', '👅', '🫦', '🔞'],
};
