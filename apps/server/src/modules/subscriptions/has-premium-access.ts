import { and, eq, gt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { subscriptions } from './subscriptions-tables';

/**
 * The one definition of premium (spec §6: an active subscription): status active and either
 * lifetime or not yet past its paid period. Derived on every read, so an expiry nobody has swept
 * yet already stops counting, and no flag can drift from the subscription.
 */
export function premiumAccessCondition(now: Date | Placeholder) {
  return and(
    eq(subscriptions.status, 'active'),
    or(
      eq(subscriptions.isLifetime, true),
      and(sql`${subscriptions.expiresAt} is not null`, gt(subscriptions.expiresAt, now)),
    ),
  );
}

/**
 * Whether `userId` has premium access, as an expression to select beside other columns: a read
 * that needs it with something else asks in one round trip instead of two.
 */
export function premiumAccessExists(
  db: DbHandle,
  userId: string | Placeholder | SQL,
  now: Date | Placeholder,
): SQL<boolean> {
  return sql<boolean>`exists(${db
    .select({ one: sql`1` })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), premiumAccessCondition(now)))})`;
}

export async function hasPremiumAccess(options: {
  tx: DbHandle;
  userId: string;
  now?: Date;
}): Promise<boolean> {
  const [row] = await options.tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, options.userId),
        premiumAccessCondition(options.now ?? new Date()),
      ),
    );
  return row !== undefined;
}
