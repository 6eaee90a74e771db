import type { z } from 'zod';

/**
 * The resolver's parse options that word a field's refusal for the person where the contract's
 * rule carries no message of its own (its bare checks speak to developers): `messages` by the
 * field's top-level name. A rule's own message (e.g. the username's spec texts) still wins.
 */
export function fieldMessages(
  messages: Readonly<Record<string, string>>,
): z.core.ParseContext<z.core.$ZodIssue> {
  return {
    error: (issue) => {
      const field = issue.path?.[0];
      return typeof field === 'string' ? messages[field] : undefined;
    },
  };
}
