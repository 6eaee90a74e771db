import type { UpdateProfileBody } from '@nocturne/contract/users/update-profile';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { user } from '../../db/auth-schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/is-unique-violation';

/**
 * PUT /profile: changes only the fields sent. The lower(username) unique index decides races;
 * the lookup first only turns the common case into a clear 409 before writing.
 */
export async function updateProfile(options: {
  db: DbHandle;
  userId: string;
  change: UpdateProfileBody;
}): Promise<void> {
  const { db, userId, change } = options;
  if (change.name === undefined && change.username === undefined) return;
  if (change.username !== undefined) {
    const [taken] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(sql`lower(${user.username}) = lower(${change.username})`, ne(user.id, userId)));
    if (taken) throw new AppError('ALREADY_EXISTS', { message: 'This username is already taken.' });
  }
  try {
    await db
      .update(user)
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.username !== undefined && { username: change.username }),
      })
      .where(eq(user.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('ALREADY_EXISTS', { message: 'This username is already taken.' });
    }
    throw error;
  }
}
