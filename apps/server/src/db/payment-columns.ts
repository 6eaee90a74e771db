import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Column and constraint pieces the payments and the simulator schemas both use, defined once
 * (kept out of *-schema.ts so the schema object holds tables only).
 */

/** `'a', 'b', 'c'`: a vocabulary as the SQL list of a CHECK constraint. */
export const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/** created_at and updated_at: set on insert, updated_at moved by every drizzle update. */
export function timestampColumns() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  };
}
