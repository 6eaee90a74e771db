import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every operator action, written by recordAdminAction in the action's own transaction. Append-only:
 * a trigger refuses UPDATE, DELETE and TRUNCATE, and no foreign key lets an account deletion
 * change a row.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
    operatorId: text('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('admin_audit_target_idx').on(table.targetUserId, table.id)],
);
