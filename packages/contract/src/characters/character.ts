import { z } from 'zod';
import { textWithoutBidiControls } from '../text/bidi-controls';

/** How many characters one person keeps; a create beyond it is CHARACTER_LIMIT_REACHED. */
export const CHARACTERS_PER_PERSON_MAX = 50;
/** Half the prompt's limit, so a prompt naming a character still fits the engine's limit. */
export const CHARACTER_DESCRIPTION_MAX_LENGTH = 500;

/** What a prompt writes after `@`: letters, digits or `_` (prompt-references.ts). */
export const CHARACTER_NAME_PATTERN = /^[A-Za-z0-9_]{2,32}$/;

/** A character's name: unique per person (CHARACTER_NAME_TAKEN), matched as written. */
export const characterNameSchema = z
  .string()
  .trim()
  .regex(CHARACTER_NAME_PATTERN, 'A name is 2 to 32 letters, digits or _ (no spaces).');

/** What `@name` stands for in a prompt; screened by the content rules when saved. */
export const characterDescriptionSchema = textWithoutBidiControls('description')
  .trim()
  .min(1, 'A description is required.')
  .max(
    CHARACTER_DESCRIPTION_MAX_LENGTH,
    `A description is at most ${CHARACTER_DESCRIPTION_MAX_LENGTH} characters.`,
  );

export const characterSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /**
     * One of the person's own results that images naming the character follow, where the model
     * can (`capabilities.character_reference`); null when none or once that image is deleted.
     */
    reference_generation_id: z.string().nullable(),
    /** That image, for its thumbnail; null when there is none or its file is no longer kept. */
    reference_image_url: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Character' });
export type Character = z.infer<typeof characterSchema>;

/**
 * A character's reference image: one of the person's own completed results (404
 * CHARACTER_REFERENCE_NOT_FOUND otherwise, 422 CHARACTER_REFERENCE_NOT_READY while it has no
 * kept image); null removes it.
 */
export const characterReferenceSchema = z.uuid().nullable();

export const characterParamsSchema = z.object({ id: z.uuid() });
