import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { sharedWildcardLists, wildcardLists } from './wildcards-tables';
import type { SharedWildcardRow, WildcardRow } from './wildcard-row';

/** Which side of the union a row comes from: the person's lists (0) before the shared (1). */
const sqlRank = (rank: 0 | 1) => sql<number>`${sql.raw(String(rank))}::int`.as('rank');

/** The person's lists, by name. */
export function findPersonWildcards(db: DbHandle, userId: string): Promise<WildcardRow[]> {
  return db
    .select()
    .from(wildcardLists)
    .where(eq(wildcardLists.userId, userId))
    .orderBy(asc(wildcardLists.name));
}

/** The operator's shared lists, by name. */
export function findSharedWildcards(db: DbHandle): Promise<SharedWildcardRow[]> {
  return db.select().from(sharedWildcardLists).orderBy(asc(sharedWildcardLists.name));
}

/**
 * The lines of the lists among `names` that a person's prompt picks from, by name, in one
 * statement: the person's own list where they have one (it shadows a shared list of the same
 * name), else the operator's shared one. A name missing from the answer is no list at all.
 */
export async function readWildcardLines(
  db: DbHandle,
  userId: string,
  names: readonly string[],
): Promise<Map<string, string[]>> {
  if (names.length === 0) return new Map();
  const own = db
    .select({ name: wildcardLists.name, values: wildcardLists.values, rank: sqlRank(0) })
    .from(wildcardLists)
    .where(and(eq(wildcardLists.userId, userId), inArray(wildcardLists.name, [...names])));
  const shared = db
    .select({
      name: sharedWildcardLists.name,
      values: sharedWildcardLists.values,
      rank: sqlRank(1),
    })
    .from(sharedWildcardLists)
    .where(inArray(sharedWildcardLists.name, [...names]));
  const rows = await own.unionAll(shared);
  const lines = new Map<string, string[]>();
  for (const row of rows.sort((a, b) => a.rank - b.rank)) {
    if (!lines.has(row.name)) lines.set(row.name, row.values);
  }
  return lines;
}

/** The person's lists in their export, oldest first. */
export async function exportWildcardsOf(db: DbHandle, userId: string) {
  const rows = await db
    .select()
    .from(wildcardLists)
    .where(eq(wildcardLists.userId, userId))
    .orderBy(asc(wildcardLists.createdAt), asc(wildcardLists.id));
  return rows.map((row) => toExportRecord(wildcardLists, row));
}
