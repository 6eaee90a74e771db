import { z } from 'zod';

/**
 * A text field checked by `rule` once the spaces around it are dropped, as the forms always read
 * what was typed (an email pasted with a trailing space is still that email).
 */
export function trimmed<Rule extends z.ZodType<unknown, string>>(rule: Rule) {
  return z.string().trim().pipe(rule);
}

/** An optional text field: left blank it is absent from the body, otherwise checked by `rule`. */
export function blankAsAbsent<Rule extends z.ZodType<unknown, string | undefined>>(rule: Rule) {
  return z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : text))
    .pipe(rule);
}
