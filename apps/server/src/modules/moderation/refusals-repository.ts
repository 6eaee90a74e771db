import { asc, desc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { generationHolds, promptRefusals } from './moderation-tables';
import { PROMPT_REFUSED_CHANNEL } from './screen-prompt';

export type RefusalRow = typeof promptRefusals.$inferSelect;

/**
 * Operators' holds on people's generation as other modules' statements join them (the console's
 * people list): a read-only view under the table's own name.
 */
export const generationHoldsView = new QueryBuilder()
  .select({ userId: generationHolds.userId, suspended: generationHolds.suspended })
  .from(generationHolds)
  .as('generation_holds');

/**
 * A refusal of the prompts an image's engine would have received, and the NOTIFY that tells every
 * process of it, in the caller's transaction.
 */
export async function recordRefusal(
  tx: DbHandle,
  refusal: Pick<
    typeof promptRefusals.$inferInsert,
    | 'userId'
    | 'sourcePrompt'
    | 'contentPrompt'
    | 'negativePrompt'
    | 'rule'
    | 'matchedTerms'
    | 'matchedWords'
  >,
): Promise<void> {
  await tx.insert(promptRefusals).values(refusal);
  await tx.execute(sql`select pg_notify(${PROMPT_REFUSED_CHANNEL}, ${refusal.userId})`);
}

/** The person's refusals in their export; the reviewing operator's identity stays out. */
export async function exportRefusalsOf(db: DbHandle, userId: string) {
  const rows = await db
    .select()
    .from(promptRefusals)
    .where(eq(promptRefusals.userId, userId))
    .orderBy(asc(promptRefusals.createdAt), asc(promptRefusals.id));
  return rows.map((row) => toExportRecord(promptRefusals, row, ['reviewedBy']));
}

/** The person's latest refusals, newest first (the console's person page). */
export function readRecentRefusals(db: DbHandle, userId: string, limit: number) {
  return db
    .select()
    .from(promptRefusals)
    .where(eq(promptRefusals.userId, userId))
    .orderBy(desc(promptRefusals.createdAt), desc(promptRefusals.id))
    .limit(limit);
}
