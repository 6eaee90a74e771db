import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import type { Profile } from '@nocturne/contract/users/get-profile';
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { user } from '../../db/auth-schema';
import { AppError } from '../../lib/app-error';

const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);

/**
 * GET /profile: the caller's profile and spec §3 stats in one query. creditsUsed is what
 * generations cost minus what failed ones gave back (grants and top-ups are not usage). A
 * cancelled job is failed with CANCELLED_REASON: it counts as cancelled, not as a failure.
 */
export async function getProfile(options: { db: DbHandle; userId: string }): Promise<Profile> {
  const [row] = await options.db
    .select({
      name: user.name,
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      totalGenerations: count(sql`select count(*) from generations g where g.user_id = ${user.id}`),
      completedGenerations: count(
        sql`select count(*) from generations g where g.user_id = ${user.id} and g.status = 'completed'`,
      ),
      failedGenerations: count(
        sql`select count(*) from generations g where g.user_id = ${user.id} and g.status = 'failed'
          and g.error is distinct from ${CANCELLED_REASON}`,
      ),
      cancelledGenerations: count(
        sql`select count(*) from generations g where g.user_id = ${user.id} and g.status = 'failed'
          and g.error = ${CANCELLED_REASON}`,
      ),
      totalFavorites: count(sql`select count(*) from favorites f where f.user_id = ${user.id}`),
      creditsUsed: count(
        sql`select greatest(0, -coalesce(sum(t.amount), 0)) from credit_transactions t
          where t.user_id = ${user.id} and t.reason in ('generation', 'refund')`,
      ),
    })
    .from(user)
    .where(eq(user.id, options.userId));
  if (!row) throw new AppError('NOT_FOUND', { details: { reason: 'user gone' } });
  const { createdAt, name, username, email, emailVerified, twoFactorEnabled, ...counts } = row;
  const joinDate = createdAt.toISOString();
  const stats = { ...counts, joinDate };
  return { name, username, email, emailVerified, twoFactorEnabled, joinDate, stats };
}
