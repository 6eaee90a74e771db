import type { SubscriptionStatusResponse } from '@nocturne/contract/subscriptions/get-subscription-status';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { payments } from './billing-tables';
import { readSubscription } from '../subscriptions/subscriptions-repository';

/** Payment statuses in which the invoice is still open for the person to pay or being paid. */
const OPEN_PAYMENT_STATUSES = [
  'creating',
  'waiting',
  'confirming',
  'confirmed',
  'sending',
] as const;

/**
 * The person's plan as stored (spec §3). A monthly plan past its period keeps its stored status
 * here until /subscriptions/active or the schedule expires it; premium itself already stopped.
 */
export async function getSubscriptionStatus(options: {
  db: DbHandle;
  userId: string;
}): Promise<SubscriptionStatusResponse> {
  const row = await readSubscription(options.db, options.userId);
  if (!row) return { has_subscription: false };
  const [pending] = row.pendingPaymentId
    ? await options.db
        .select({ invoiceUrl: payments.invoiceUrl })
        .from(payments)
        .where(
          and(
            eq(payments.id, row.pendingPaymentId),
            inArray(payments.status, OPEN_PAYMENT_STATUSES),
          ),
        )
    : [];
  return {
    has_subscription: true,
    status: row.status,
    plan: row.plan,
    is_lifetime: row.isLifetime,
    expires_at: row.expiresAt?.toISOString() ?? null,
    // activated_at is written by every grant: null means no payment for a plan ever arrived.
    ever_paid: row.activatedAt !== null,
    ...(pending?.invoiceUrl ? { invoice_url: pending.invoiceUrl } : {}),
  };
}
