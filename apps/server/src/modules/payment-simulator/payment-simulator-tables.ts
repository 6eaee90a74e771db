import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { inList, timestampColumns } from '../../db/payment-columns';
import { PROVIDER_PAYMENT_STATUSES, SIMULATOR_OUTCOMES } from '../../db/payment-statuses';

/**
 * The built-in NOWPayments simulator's own books (modules/payment-simulator): what "the provider"
 * knows, kept apart from Nocturne's `payments`. In the database so invoices survive a restart and
 * every process on one database answers for the same invoice.
 */

/** One row per created invoice; ids are numeric like the provider's (sent as strings). */
export const simulatorInvoices = pgTable(
  'simulator_invoices',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity({ startWith: 4_000_000_001 }),
    orderId: text('order_id').notNull(),
    orderDescription: text('order_description').notNull(),
    priceAmount: numeric('price_amount').notNull(),
    priceCurrency: text('price_currency').notNull(),
    payCurrency: text('pay_currency'),
    ipnCallbackUrl: text('ipn_callback_url').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    partiallyPaidUrl: text('partially_paid_url'),
    isFixedRate: boolean('is_fixed_rate').notNull().default(false),
    /**
     * SHA-256 (hex) of the invoice's page secret: the hosted page and its pay controls are
     * addressed by the secret, which only the invoice_url given at creation carries.
     */
    pageTokenHash: text('page_token_hash').notNull().unique(),
    /** Set once by the conditional UPDATE that claims the invoice: it pays once. */
    outcome: text('outcome', { enum: SIMULATOR_OUTCOMES }),
    ...timestampColumns(),
  },
  (table) => [
    check(
      'simulator_invoices_outcome_known',
      sql`${table.outcome} is null or ${table.outcome} in (${inList(SIMULATOR_OUTCOMES)})`,
    ),
  ],
);

/** The payment made against an invoice, with the status GET /v1/payment/{id} reports. */
export const simulatorPayments = pgTable(
  'simulator_payments',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity({ startWith: 5_000_000_001 }),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => simulatorInvoices.id, { onDelete: 'cascade' }),
    paymentStatus: text('payment_status', { enum: PROVIDER_PAYMENT_STATUSES }).notNull(),
    payAddress: text('pay_address').notNull(),
    payAmount: numeric('pay_amount').notNull(),
    actuallyPaid: numeric('actually_paid').notNull(),
    payCurrency: text('pay_currency').notNull(),
    ...timestampColumns(),
  },
  (table) => [
    check(
      'simulator_payments_status_known',
      sql`${table.paymentStatus} in (${inList(PROVIDER_PAYMENT_STATUSES)})`,
    ),
    index('simulator_payments_invoice_idx').on(table.invoiceId),
  ],
);
