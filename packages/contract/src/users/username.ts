import { z } from 'zod';

/** Spec §9: "Username 3 to 20 characters" (20 itself allowed; §5's message speaks of 21 and up). */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;

/** Spec §5 messages, shown verbatim by the form and sent verbatim by the server. */
export const USERNAME_MESSAGES = {
  required: 'Username is required',
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be less than 20 characters',
  characters: 'Username can only contain letters, numbers, underscores, and hyphens',
} as const;

/** Spec §5 username rules, in the order the person meets them (first failure wins). */
export const usernameSchema = z
  .string({ error: USERNAME_MESSAGES.required })
  .min(1, USERNAME_MESSAGES.required)
  .min(USERNAME_MIN_LENGTH, USERNAME_MESSAGES.tooShort)
  .max(USERNAME_MAX_LENGTH, USERNAME_MESSAGES.tooLong)
  .regex(/^[A-Za-z0-9_-]+$/, USERNAME_MESSAGES.characters);

/** The first rule `value` breaks, or null when it is a valid username. */
export function validateUsername(value: string): string | null {
  const result = usernameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? USERNAME_MESSAGES.required);
}
