import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { textWithoutBidiControls } from '../text/bidi-controls';

export const AGE_CONFIRMATION_REQUIRED_MESSAGE =
  'You must confirm that you are 18 or older to create an account.';
/** A password on the list of the most common ones (sign-up, change and reset). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please confirm your email address before signing in. Check your inbox for the verification link.';

/**
 * Body of better-auth's standard `POST /api/auth/sign-up/email`, with Nocturne's 18+ confirmation.
 * The server refuses a sign-up whose `ageConfirmed` is not `true`; the web form validates the same.
 */
export const signUpRequestSchema = z.object({
  name: textWithoutBidiControls('Name')
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name is too long'),
  email: z.email('Enter a valid email address'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  ageConfirmed: z.literal(true, { error: AGE_CONFIRMATION_REQUIRED_MESSAGE }),
  callbackURL: z.string().optional(),
});

export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});

export type SignInRequest = z.infer<typeof signInRequestSchema>;
