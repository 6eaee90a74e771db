import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operator's on/off switch per catalog model (decision 063): a row only for a model an
 * operator has switched; no row means enabled. Every process caches the rows and rereads them on
 * NOTIFY model_switches_changed.
 */
export const modelSwitches = pgTable('model_switches', {
  modelId: text('model_id').primaryKey(),
  enabled: boolean('enabled').notNull(),
  reason: text('reason').notNull(),
  /** The operator's address at the time (the audit row has their id). */
  changedBy: text('changed_by').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
});
