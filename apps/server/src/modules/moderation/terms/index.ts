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

/**
 * Every language the content rules read, by code (docs/decisions/021-content-rules.md). The
 * lists are merged: a prompt mixing languages ("nude" + "niña") is read as one. To add a
 * language: write `terms/<code>.ts`, list it here, and add `corpus/<code>/` with 40+ prompts of
 * each kind.
 */
export const LANGUAGES = { en, es, pt, fr, de, it, nl, pl, ru, uk, tr, id, vi, ja, ko, zh, ar, hi };

export type LanguageCode = keyof typeof LANGUAGES;

export const ALL_LANGUAGE_TERMS: readonly LanguageTerms[] = Object.values(LANGUAGES);
