import type { UpdateProfileBody } from '@nocturne/contract/users/update-profile';
import type { DbHandle } from '../../db/database';
import { isUsernameTaken, renamePerson } from '../auth/people-repository';
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
    if (await isUsernameTaken(db, change.username, userId))
      throw new AppError('ALREADY_EXISTS', { message: 'This username is already taken.' });
  }
  try {
    await renamePerson(db, userId, change);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('ALREADY_EXISTS', { message: 'This username is already taken.' });
    }
    throw error;
  }
}
