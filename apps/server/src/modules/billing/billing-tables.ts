import { SUBSCRIPTION_PLANS } from '@nocturne/contract/subscriptions/subscription-plans';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, timestampColumns } from '../../db/payment-columns';
import { PAYMENT_PURPOSES, PAYMENT_ROW_STATUSES } from '../../db/payment-statuses';

/**
 * Payments through NOWPayments (docs/decisions/015-payments.md). A `payments` row is one invoice,
 * written before the provider is called; the plan it pays for is the subscriptions module's row.
 */

/**
 * One row per invoice (a subscription period or a credit pack). No foreign key to the user: the
 * books keep payments of deleted accounts under a pseudonym, like the credit ledger.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    plan: text('plan', { enum: SUBSCRIPTION_PLANS }),
    packageId: text('package_id'),
    credits: integer('credits'),
    /** Sent to the provider as order_id; names the user, the plan or pack and the period. */
    orderId: text('order_id').notNull().unique(),
    priceAmount: numeric('price_amount', { precision: 12, scale: 2 }).notNull(),
    priceCurrency: text('price_currency').notNull().default('usd'),
    invoiceId: text('invoice_id').unique(),
    invoiceUrl: text('invoice_url'),
    status: text('status', { enum: PAYMENT_ROW_STATUSES }).notNull().default('creating'),
    /** The provider's payment that moved this invoice last (an invoice may see several). */
    providerPaymentId: text('provider_payment_id'),
    payCurrency: text('pay_currency'),
    actuallyPaid: numeric('actually_paid'),
    /** When what was bought was granted, and the period end a monthly grant added. */
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    grantedPeriodEnd: timestamp('granted_period_end', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    check('payments_purpose_known', sql`${table.purpose} in (${inList(PAYMENT_PURPOSES)})`),
    check('payments_status_known', sql`${table.status} in (${inList(PAYMENT_ROW_STATUSES)})`),
    check(
      'payments_purpose_fields',
      sql`(${table.purpose} = 'subscription' and ${table.plan} is not null)
        or (${table.purpose} = 'credits' and ${table.packageId} is not null and ${table.credits} > 0)`,
    ),
    index('payments_user_created_idx').on(table.userId, table.createdAt.desc()),
    // The console's overview: payments granted in the last 30 days.
    index('payments_granted_idx')
      .on(table.grantedAt)
      .where(sql`${table.grantedAt} is not null`),
    index('payments_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('creating', 'waiting', 'confirming', 'confirmed', 'sending')`),
  ],
);

/**
 * Every IPN delivery as it arrived (the audit trail of what the provider said), kept
 * IPN_AUDIT_RETENTION_DAYS. A signed one keeps its whole body; an unauthenticated one only its
 * size, hash and first bytes (modules/payments/record-ipn-delivery.ts).
 */
export const paymentIpnDeliveries = pgTable(
  'payment_ipn_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    providerPaymentId: text('provider_payment_id'),
    paymentStatus: text('payment_status'),
    orderId: text('order_id'),
    /** applied, duplicate, stale, rejected:<reason>, unverified, unparsable, too_large. */
    outcome: text('outcome').notNull(),
    body: jsonb('body'),
    /** The HTTP status the delivery was answered with. */
    statusCode: integer('status_code'),
    /** Bytes received (for a body refused unread: the length it declared). */
    bodyBytes: integer('body_bytes'),
    /** SHA-256 (hex) of the bytes received; null when none were read. */
    bodySha256: text('body_sha256'),
    /** The first bytes of an unauthenticated body, as text. */
    bodyHead: text('body_head'),
  },
  (table) => [
    index('payment_ipn_deliveries_payment_idx').on(table.providerPaymentId),
    index('payment_ipn_deliveries_received_idx').on(table.receivedAt),
  ],
);

/**
 * Each (provider payment id, status) is processed once: inserting here is the claim, so five
 * concurrent copies of one IPN apply once.
 */
export const paymentStatusEvents = pgTable(
  'payment_status_events',
  {
    providerPaymentId: text('provider_payment_id').notNull(),
    paymentStatus: text('payment_status').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** `manual`: an operator's plan grant claimed the provider payment it names (its reference). */
    source: text('source', { enum: ['ipn', 'reconciliation', 'manual'] }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.providerPaymentId, table.paymentStatus] })],
);
