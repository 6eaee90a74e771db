import { eq } from 'drizzle-orm';
import { user } from '../../../db/auth-schema';
import type { DbHandle } from '../../../db/database';
import { AppError } from '../../../lib/app-error';

/**
 * Locks the person's row for the rest of the transaction, or NOT_FOUND: two operators acting on
 * one person take turns, so each audit row's `before` is what that action changed.
 */
export async function lockPerson(tx: DbHandle, userId: string): Promise<void> {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, userId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
}
