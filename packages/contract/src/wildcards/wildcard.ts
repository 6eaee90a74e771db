import { z } from 'zod';
import { textWithoutBidiControls } from '../text/bidi-controls';

/** How many lists one person keeps; a create beyond it is WILDCARD_LIMIT_REACHED. */
export const WILDCARDS_PER_PERSON_MAX = 50;
/** How many lines a list holds. */
export const WILDCARD_VALUES_MAX = 500;
/** How long one line may be. */
export const WILDCARD_VALUE_MAX_LENGTH = 200;

/**
 * What a prompt writes between `__` and `__` (prompt-references.ts): 2 to 32 letters, digits or
 * single `_` between them, so where a name ends is never in doubt.
 */
export const WILDCARD_NAME_PATTERN = /^(?=.{2,32}$)[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*$/;

/** A list's name: unique per person (WILDCARD_NAME_TAKEN) and among the shared lists. */
export const wildcardNameSchema = z
  .string()
  .trim()
  .regex(
    WILDCARD_NAME_PATTERN,
    'A name is 2 to 32 letters or digits, with single _ only between them.',
  );

/**
 * A list's lines: each trimmed, not empty, at most WILDCARD_VALUE_MAX_LENGTH; a line written twice
 * is kept once. Lines are not screened when saved: each expansion is, exactly as the engine gets it.
 */
export const wildcardValuesSchema = z
  .array(
    textWithoutBidiControls('values')
      .trim()
      .min(1, 'A line cannot be empty.')
      .max(
        WILDCARD_VALUE_MAX_LENGTH,
        `Each line is at most ${WILDCARD_VALUE_MAX_LENGTH} characters.`,
      ),
  )
  .min(1, 'A list needs at least one line.')
  .max(WILDCARD_VALUES_MAX, `A list holds at most ${WILDCARD_VALUES_MAX} lines.`)
  .overwrite((values) => [...new Set(values)]);

export const wildcardSchema = z
  .object({
    name: z.string(),
    values: z.array(z.string()),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Wildcard' });
export type Wildcard = z.infer<typeof wildcardSchema>;

export const wildcardParamsSchema = z.object({ name: wildcardNameSchema });
