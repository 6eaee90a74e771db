import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { hi } from './hi';
import { id } from './id';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import type { LanguageTerms } from './language-terms';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { ru } from './ru';
import { tr } from './tr';
import { uk } from './uk';
import { vi } from './vi';
import { zh } from './zh';
import { th } from './th';
import { sv } from './sv';
import { da } from './da';
import { nb } from './nb';
import { fi } from './fi';
import { cs } from './cs';
import { sk } from './sk';
import { ro } from './ro';
import { hu } from './hu';
import { el } from './el';
import { he } from './he';
import { fa } from './fa';
import { bn } from './bn';
import { ta } from './ta';
import { te } from './te';
import { mr } from './mr';
import { ur } from './ur';
import { tl } from './tl';
import { sw } from './sw';
import { ca } from './ca';
import { sr } from './sr';
import { hr } from './hr';
import { bg } from './bg';
import { sl } from './sl';
import { lt } from './lt';
import { lv } from './lv';
import { et } from './et';

/**
 * Every language the content rules read, by code (docs/decisions/021-content-rules.md). The
 * lists are merged: a prompt mixing languages ("nude" + "niña") is read as one. To add a
 * language: write `terms/<code>.ts`, list it here, and add `corpus/<code>/` with 40+ prompts of
 * each kind.
 */
export const LANGUAGES = {
  en,
  es,
  pt,
  fr,
  de,
  it,
  nl,
  pl,
  ru,
  uk,
  tr,
  id,
  vi,
  ja,
  ko,
  zh,
  ar,
  hi,
  th,
  sv,
  da,
  nb,
  fi,
  cs,
  sk,
  ro,
  hu,
  el,
  he,
  fa,
  bn,
  ta,
  te,
  mr,
  ur,
  tl,
  sw,
  ca,
  sr,
  hr,
  bg,
  sl,
  lt,
  lv,
  et,
};

export type LanguageCode = keyof typeof LANGUAGES;

export const ALL_LANGUAGE_TERMS: readonly LanguageTerms[] = Object.values(LANGUAGES);
