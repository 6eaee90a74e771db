import {
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
} from '@nocturne/contract/subscriptions/subscription-plans';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inList, timestampColumns } from '../../db/payment-columns';
import { user } from '../auth/auth-tables';

/**
 * Each person's plan; premium is derived from it (never a flag kept by hand), and the payments
 * that pay for it are billing's (docs/decisions/015-payments.md).
 */

/** One row per person: their current plan. Deleted with the account (payments stay, pseudonymized). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: SUBSCRIPTION_PLANS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    isLifetime: boolean('is_lifetime').notNull().default(false),
    /** End of the paid period of a monthly plan; null for lifetime and before the first payment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The open invoice (first payment or a renewal) whose invoice_url the status shows. */
    pendingPaymentId: uuid('pending_payment_id'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    check('subscriptions_plan_known', sql`${table.plan} in (${inList(SUBSCRIPTION_PLANS)})`),
    check('subscriptions_status_known', sql`${table.status} in (${inList(SUBSCRIPTION_STATUSES)})`),
    index('subscriptions_active_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'active' and not ${table.isLifetime}`),
  ],
);
