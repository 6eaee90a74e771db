import { z } from 'zod';

/**
 * The bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): invisible, they
 * reorder the text after them, so a name or prompt shows as something other than what it holds
 * (a name "evil\u202Egnp.exe" reads "evilexe.png"). Refused with a message saying so.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * The marks (U+200E left-to-right, U+200F right-to-left, U+061C Arabic letter mark) only hint the
 * direction of the characters around them; right-to-left keyboards and copied text carry them, so
 * they are removed instead of refused.
 */
const BIDI_MARKS = /[\u200E\u200F\u061C]/g;

/** Whether `text` holds a bidi embedding, override or isolate. */
export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/** The refusal's message for the field a person knows as `field`. */
export function bidiControlMessage(field: string): string {
  return `${field} must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)`;
}

/**
 * The one rule for every stored text that other people read: names, prompts, preset names, the
 * operators' announcement and pause message, their reasons (credit grants, suspensions, reviews:
 * the audit and the person's export show them) and their moderation lists (blocked terms and
 * names, allowed phrases). Bidi marks removed, embeddings, overrides and isolates refused. It
 * comes first, so the schema's own trim and length rules apply to the text as stored. Answers
 * keep plain strings: text stored before a rule is still shown, never a failed response.
 */
export function textWithoutBidiControls(field: string) {
  return z
    .string()
    .overwrite((text) => text.replace(BIDI_MARKS, ''))
    .refine((text) => !hasBidiControl(text), bidiControlMessage(field));
}
