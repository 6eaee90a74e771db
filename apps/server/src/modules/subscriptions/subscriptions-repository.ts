import type { SubscriptionStatus } from '@nocturne/contract/subscriptions/subscription-plans';
import { count, eq, sql } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import type { SubscriptionRow } from './check-subscription-eligibility';
import { premiumAccessCondition } from './has-premium-access';
import { subscriptions } from './subscriptions-tables';

/**
 * Each person's plan as other modules' statements join it (the console's people list, the renewal
 * reminders): a read-only view under the table's own name.
 */
export const plans = new QueryBuilder()
  .select({
    userId: subscriptions.userId,
    plan: subscriptions.plan,
    status: subscriptions.status,
    isLifetime: subscriptions.isLifetime,
    expiresAt: subscriptions.expiresAt,
  })
  .from(subscriptions)
  .as('subscriptions');

/** The person's plan, or undefined; `forUpdate` locks it until the transaction ends. */
export async function readSubscription(
  tx: DbHandle,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The plans that wait on payment `paymentId` (its open invoice), as a sub-select. */
export function plansAwaitingPayment(tx: DbHandle, paymentId: AnyPgColumn) {
  return tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.pendingPaymentId, paymentId));
}

/**
 * A paid plan starts or runs on: lifetime for good; monthly from its current end when that is
 * later than now (a lifetime plan stays lifetime). Clears the pending invoice when it was this
 * payment's. Answers the end of the paid period (null for lifetime).
 */
export async function activatePlan(options: {
  tx: DbHandle;
  userId: string;
  plan: 'monthly' | 'lifetime';
  paymentId: string;
  now: Date;
}): Promise<Date | null> {
  const { tx, userId, now } = options;
  const clearPending = sql`case when ${subscriptions.pendingPaymentId} = ${options.paymentId}
    then null else ${subscriptions.pendingPaymentId} end`;
  if (options.plan === 'lifetime') {
    const lifetime = {
      plan: 'lifetime',
      status: 'active',
      isLifetime: true,
      expiresAt: null,
    } as const;
    await tx
      .insert(subscriptions)
      .values({ userId, ...lifetime, activatedAt: now })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { ...lifetime, activatedAt: now, pendingPaymentId: clearPending },
      });
    return null;
  }
  const nowIso = now.toISOString();
  // A lifetime plan stays lifetime; a monthly one runs from its current end when that is later.
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId,
      plan: 'monthly',
      status: 'active',
      isLifetime: false,
      expiresAt: sql`${nowIso}::timestamptz + interval '1 month'`,
      activatedAt: now,
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        plan: sql`case when ${subscriptions.isLifetime} then 'lifetime' else 'monthly' end`,
        status: 'active',
        expiresAt: sql`case when ${subscriptions.isLifetime} then null else
          greatest(coalesce(${subscriptions.expiresAt}, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
          + interval '1 month' end`,
        activatedAt: now,
        pendingPaymentId: clearPending,
      },
    })
    .returning({ expiresAt: subscriptions.expiresAt });
  return row?.expiresAt ?? null;
}

/** A refunded lifetime purchase: the plan is cancelled and no longer lifetime. */
export async function cancelLifetimePlan(tx: DbHandle, userId: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled', isLifetime: false, expiresAt: null })
    .where(eq(subscriptions.userId, userId));
}

/** A refunded month: the paid period ends a month earlier; answers its new end. */
export async function shortenPlanByAMonth(tx: DbHandle, userId: string): Promise<Date | null> {
  const [shortened] = await tx
    .update(subscriptions)
    .set({ expiresAt: sql`${subscriptions.expiresAt} - interval '1 month'` })
    .where(eq(subscriptions.userId, userId))
    .returning({ expiresAt: subscriptions.expiresAt });
  return shortened?.expiresAt ?? null;
}

/** Sets the plan's open invoice (null: none) and, when given, its status. */
export async function setPlanStanding(
  tx: DbHandle,
  userId: string,
  change: { pendingPaymentId?: string | null; status?: SubscriptionStatus },
): Promise<void> {
  await tx.update(subscriptions).set(change).where(eq(subscriptions.userId, userId));
}

/** The person's plan in their export; null when they never had one. */
export async function exportSubscriptionOf(db: DbHandle, userId: string) {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return subscription ? toExportRecord(subscriptions, subscription) : null;
}

/** Premium people now, per plan (the console's overview). */
export function countPremiumByPlan(db: DbHandle) {
  return db
    .select({ plan: subscriptions.plan, count: count().mapWith(Number) })
    .from(subscriptions)
    .where(premiumAccessCondition(new Date()))
    .groupBy(subscriptions.plan);
}
