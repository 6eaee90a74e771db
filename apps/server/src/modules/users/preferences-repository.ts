import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { userPreferences } from './users-tables';

/**
 * Which optional mails each person wants, as the notices' statements join it: a read-only view
 * under the table's own name. No row means the defaults, which send every notice.
 */
export const mailPreferences = new QueryBuilder()
  .select({
    userId: userPreferences.userId,
    emailSubscriptionRenewal: userPreferences.emailSubscriptionRenewal,
    emailExportReady: userPreferences.emailExportReady,
  })
  .from(userPreferences)
  .as('user_preferences');

/** The person's saved preferences in their export; undefined when they never saved any. */
export async function exportPreferencesOf(db: DbHandle, userId: string) {
  const [preferences] = await db
    .select()
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return preferences ? toExportRecord(userPreferences, preferences) : undefined;
}
