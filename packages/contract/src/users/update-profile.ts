import { z } from 'zod';
import { textWithoutBidiControls } from '../text/bidi-controls';
import { usernameSchema } from './username';

export const PROFILE_NAME_MAX_LENGTH = 100;

/**
 * PUT /api/v1/profile: only the fields sent change. A username taken by anyone else (compared
 * case-insensitively) is 409 ALREADY_EXISTS; a broken spec §5 rule is 422 with its message.
 */
export const updateProfileBodySchema = z
  .object({
    name: textWithoutBidiControls('Name')
      .trim()
      .min(1, 'Name is required')
      .max(PROFILE_NAME_MAX_LENGTH, 'Name must be at most 100 characters')
      .optional(),
    username: usernameSchema.optional(),
  })
  .strict()
  .meta({ id: 'UpdateProfileBody' });

export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;
