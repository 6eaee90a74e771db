import type { AppDb } from '../../db/database';
import { assertAgeConfirmed } from './screen-prompt';

/**
 * The 18+ check of gated routes and of every submit, remembering who has confirmed: a recorded
 * confirmation is never withdrawn (only deleting the account removes it, and the token check
 * refuses a deleted account before any gate), so a confirmed person costs one query per process
 * instead of one or two per request. Whoever has not confirmed is asked again every time.
 */
export function createAgeConfirmationCheck(
  db: AppDb,
  maxEntries = 100_000,
): (userId: string) => Promise<void> {
  const confirmed = new Set<string>();
  return async (userId) => {
    if (confirmed.has(userId)) return;
    await assertAgeConfirmed(db, userId);
    // A Set iterates in insertion order: past the bound, the longest-known person is dropped.
    if (confirmed.size >= maxEntries) confirmed.delete(confirmed.values().next().value as string);
    confirmed.add(userId);
  };
}
