import { z } from 'zod';

/**
 * Two-factor sign-in (better-auth's two-factor plugin under `/api/auth/two-factor/*`): a TOTP
 * from an authenticator app, or one of ten single-use recovery codes.
 */
export const TOTP_CODE_LENGTH = 6;
/** How long "Trust this device" skips the code on one browser (the plugin's trustDeviceMaxAge). */
export const TRUST_DEVICE_DAYS = 30;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, `Enter the ${TOTP_CODE_LENGTH}-digit code from your authenticator app`);

/** Recovery codes look like `aB3dE-fG5hJ` and are case-sensitive; spaces around are dropped. */
export const recoveryCodeSchema = z.string().trim().min(1, 'Enter one of your recovery codes');

export const twoFactorPasswordSchema = z.string().min(1, 'Enter your password');

/** `POST /two-factor/enable`: the secret as an `otpauth://` URI and the first recovery codes. */
export const enableTwoFactorResponseSchema = z.object({
  totpURI: z.string().startsWith('otpauth://totp/'),
  backupCodes: z.array(z.string()),
});

export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponseSchema>;

/** `POST /two-factor/generate-backup-codes`: ten new codes; the old ones stop working. */
export const generateBackupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });

/** What each two-factor refusal means to the person, by better-auth's error code. */
export const TWO_FACTOR_MESSAGES = {
  INVALID_PASSWORD: 'That password is not right.',
  INVALID_CODE: 'That code is not right. Enter the code your authenticator app shows now.',
  INVALID_BACKUP_CODE: 'That recovery code is not right, or it has been used already.',
  INVALID_TWO_FACTOR_COOKIE:
    'This sign-in has expired or had too many wrong codes. Sign in with your password again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    'This sign-in has expired or had too many wrong codes. Sign in with your password again.',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Too many wrong codes: two-factor sign-in is locked for 15 minutes. Try again later.',
  TOTP_ALREADY_ENABLED: 'Two-factor sign-in is already on.',
  TOO_MANY_TRIES: 'Too many tries in a short time. Wait 10 seconds and try again.',
} as const;

/** Refusals after which the pending sign-in is gone: the password step has to start over. */
export const TWO_FACTOR_RESTART_CODES: ReadonlySet<string> = new Set([
  'INVALID_TWO_FACTOR_COOKIE',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
]);

/**
 * The sentence for a refused two-factor request. A 429 is the plugin's 3-per-10-seconds bound
 * unless its code says the account is locked.
 */
export function twoFactorErrorMessage(error: {
  code?: string;
  status: number;
  message?: string;
}): string | undefined {
  const known = error.code
    ? (TWO_FACTOR_MESSAGES as Record<string, string>)[error.code]
    : undefined;
  if (known) return known;
  if (error.status === 429) return TWO_FACTOR_MESSAGES.TOO_MANY_TRIES;
  return undefined;
}
