import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

/**
 * Operators added with `npm run operator -- add` (decision 056). OPERATOR_EMAILS names more
 * without a row; an operator's row goes with their account.
 */
export const operators = pgTable('operators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  addedAt: timestamp('added_at', { withTimezone: true }).defaultNow().notNull(),
});
