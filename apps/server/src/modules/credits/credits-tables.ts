import { CREDIT_REASONS } from '@nocturne/contract/credits/get-credit-history';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

/**
 * Credits are a ledger (docs/architecture.md#money, docs/decisions/004-credit-ledger.md): every change of a
 * balance is one append-only `credit_transactions` row plus the matching update of the cached
 * `credit_accounts.balance`, in one transaction, so the balance always equals the ledger sum.
 */

/**
 * One row per user, created lazily by the first daily claim, grant or debit (never at sign-up:
 * GET /credits answers 404 for a user without one and the web app treats that as a new user).
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    userType: text('user_type').notNull().default('standard'),
    lastDailyGrantAt: timestamp('last_daily_grant_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (table) => [check('credit_accounts_balance_non_negative', sql`${table.balance} >= 0`)],
);

const reasonList = sql.raw(CREDIT_REASONS.map((reason) => `'${reason}'`).join(', '));

/**
 * The append-only ledger: code only ever inserts here, except account deletion, which rewrites a
 * person's `user_id` and keys to a pseudonym (`deleted:<sha256 of id>`) so the books keep every
 * amount. Hence no foreign key: a pseudonymized row outlives its user and balance row.
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    generationId: text('generation_id'),
    /** Who applied this change and for what: a retry with the same key is the same change. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    check('credit_transactions_amount_non_zero', sql`${table.amount} <> 0`),
    check('credit_transactions_reason_known', sql`${table.reason} in (${reasonList})`),
    index('credit_transactions_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('credit_transactions_generation_idx').on(table.generationId),
    // The console's overview sums the ledger of the last 30 days by reason.
    index('credit_transactions_created_idx').on(table.createdAt),
  ],
);
