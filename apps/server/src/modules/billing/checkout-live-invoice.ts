import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';
import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { payments } from './billing-tables';

/**
 * A `creating` row older than this belongs to a request that died between its commit and the
 * provider's answer (the client gives up after 10 s): it no longer holds back a new checkout.
 */
export const CREATING_STALE_MS = 30_000;

/** An unpaid invoice older than this is not offered again (the provider expires them sooner). */
export const WAITING_LIVE_MS = 24 * 60 * 60 * 1000;

export type CheckoutItem =
  { purpose: 'subscription'; plan: SubscriptionPlan } | { purpose: 'credits'; packageId: string };

/**
 * The person's newest invoice for the same plan or pack that is still worth answering: one being
 * created right now, one waiting for payment, or (a plan) one whose payment is already on its way.
 */
export async function findLiveCheckout(options: {
  tx: DbHandle;
  userId: string;
  item: CheckoutItem;
  now: Date;
}) {
  const { tx, userId, item, now } = options;
  const sameItem =
    item.purpose === 'subscription'
      ? and(eq(payments.purpose, 'subscription'), eq(payments.plan, item.plan))
      : and(eq(payments.purpose, 'credits'), eq(payments.packageId, item.packageId));
  // A pack already being paid is not offered again: the person may be buying a second one.
  const inFlight =
    item.purpose === 'subscription'
      ? inArray(payments.status, ['confirming', 'confirmed', 'sending'])
      : undefined;
  const [row] = await tx
    .select({ id: payments.id, status: payments.status, invoiceUrl: payments.invoiceUrl })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        sameItem,
        or(
          and(
            eq(payments.status, 'creating'),
            gt(payments.createdAt, new Date(now.getTime() - CREATING_STALE_MS)),
          ),
          and(
            eq(payments.status, 'waiting'),
            gt(payments.createdAt, new Date(now.getTime() - WAITING_LIVE_MS)),
          ),
          inFlight,
        ),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}
