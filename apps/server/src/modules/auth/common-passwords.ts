import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '@nocturne/contract/constants';

/**
 * The most common passwords (zxcvbn-ts's list, ranked from leaked password sets), offline: only
 * those long enough to be accepted at all matter; about 18,000 entries, held as a Set.
 */
const COMMON_PASSWORDS = new Set(
  (dictionary['passwords-common'] as string[]).filter(
    (password) => password.length >= PASSWORD_MIN_LENGTH,
  ),
);

/** Case-insensitive, like the list itself ('Password1' is as guessable as 'password1'). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
