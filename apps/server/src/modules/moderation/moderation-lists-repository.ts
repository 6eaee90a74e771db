import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import {
  moderationAllowedPhrases,
  moderationBlockedNames,
  moderationBlockedTerms,
} from './moderation-tables';

/**
 * The operators' lists (docs/operators.md#moderation) as the console reads and changes them:
 * allowed phrases, extra blocked terms and real-person names. Each process's rules load them in
 * moderation-rules.ts.
 */
const LISTS = {
  'allowed-phrases': moderationAllowedPhrases,
  'blocked-terms': moderationBlockedTerms,
  'blocked-names': moderationBlockedNames,
};
export type ModerationList = keyof typeof LISTS;

export type AllowedPhraseRow = typeof moderationAllowedPhrases.$inferSelect;
export type BlockedTermRow = typeof moderationBlockedTerms.$inferSelect;
export type BlockedNameRow = typeof moderationBlockedNames.$inferSelect;

export function readAllowedPhrases(db: DbHandle): Promise<AllowedPhraseRow[]> {
  return db
    .select()
    .from(moderationAllowedPhrases)
    .orderBy(asc(moderationAllowedPhrases.createdAt));
}

export function readBlockedTerms(db: DbHandle): Promise<BlockedTermRow[]> {
  return db.select().from(moderationBlockedTerms).orderBy(asc(moderationBlockedTerms.createdAt));
}

export function readBlockedNames(db: DbHandle): Promise<BlockedNameRow[]> {
  return db.select().from(moderationBlockedNames).orderBy(asc(moderationBlockedNames.createdAt));
}

/** Adds a blocked term; undefined when the list already has it. */
export async function addBlockedTerm(
  tx: DbHandle,
  values: typeof moderationBlockedTerms.$inferInsert,
): Promise<BlockedTermRow | undefined> {
  return (
    await tx.insert(moderationBlockedTerms).values(values).onConflictDoNothing().returning()
  )[0];
}

/** Adds a blocked name; undefined when the list already has it. */
export async function addBlockedName(
  tx: DbHandle,
  values: typeof moderationBlockedNames.$inferInsert,
): Promise<BlockedNameRow | undefined> {
  return (
    await tx.insert(moderationBlockedNames).values(values).onConflictDoNothing().returning()
  )[0];
}

/** Removes one entry of a list; answers the row as it was, undefined when there was none. */
export async function removeListEntry(
  tx: DbHandle,
  list: ModerationList,
  id: string,
): Promise<AllowedPhraseRow | BlockedTermRow | BlockedNameRow | undefined> {
  const table = LISTS[list];
  return (await tx.delete(table).where(eq(table.id, id)).returning())[0];
}
