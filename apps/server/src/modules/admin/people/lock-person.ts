import type { DbHandle } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { lockPerson as lockPersonRow } from '../../auth/people-repository';

/**
 * Locks the person's row for the rest of the transaction, or NOT_FOUND: two operators acting on
 * one person take turns, so each audit row's `before` is what that action changed.
 */
export async function lockPerson(tx: DbHandle, userId: string): Promise<void> {
  if (!(await lockPersonRow(tx, userId))) throw new AppError('NOT_FOUND');
}
