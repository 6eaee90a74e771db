import { createHash } from 'node:crypto';

/**
 * The stable stand-in for a deleted user's id in the rows kept for the books: the same id always
 * gives the same pseudonym (the rows still add up per person), and the id cannot be read back.
 */
export function pseudonymizeUserId(userId: string): string {
  return `deleted:${createHash('sha256').update(userId).digest('hex')}`;
}
