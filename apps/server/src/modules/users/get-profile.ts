import type { Profile } from '@nocturne/contract/users/get-profile';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { people } from '../auth/people-repository';
import { creditsUsedOf } from '../credits/repository/person-credits';
import { generationCountsOf } from '../generations/repository/person-generations';

/**
 * GET /profile: the caller's profile and spec §3 stats in one query, each count from the module
 * that keeps its rows. creditsUsed is what generations cost minus what failed ones gave back
 * (grants and top-ups are not usage). A cancelled job is failed with CANCELLED_REASON: it counts
 * as cancelled, not as a failure.
 */
export async function getProfile(options: { db: DbHandle; userId: string }): Promise<Profile> {
  const [row] = await options.db
    .select({
      name: people.name,
      username: people.username,
      email: people.email,
      emailVerified: people.emailVerified,
      twoFactorEnabled: people.twoFactorEnabled,
      createdAt: people.createdAt,
      ...generationCountsOf(people.id),
      creditsUsed: creditsUsedOf(people.id),
    })
    .from(people)
    .where(eq(people.id, options.userId));
  if (!row) throw new AppError('NOT_FOUND', { details: { reason: 'user gone' } });
  const { createdAt, name, username, email, emailVerified, twoFactorEnabled, ...counts } = row;
  const joinDate = createdAt.toISOString();
  const stats = { ...counts, joinDate };
  return { name, username, email, emailVerified, twoFactorEnabled, joinDate, stats };
}
