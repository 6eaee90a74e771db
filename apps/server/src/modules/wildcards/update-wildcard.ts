import type { UpdateWildcardRequest } from '@nocturne/contract/wildcards/person-wildcards';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/is-unique-violation';
import { wildcardLists } from './wildcards-tables';
import type { WildcardRow } from './wildcard-row';

/** PUT /wildcards/{name}: renames and/or replaces the lines of the person's own list. */
export async function updateWildcard(options: {
  db: DbHandle;
  userId: string;
  name: string;
  change: UpdateWildcardRequest;
}): Promise<WildcardRow> {
  const { db, userId, name, change } = options;
  try {
    const [row] = await db
      .update(wildcardLists)
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.values !== undefined && { values: change.values }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(wildcardLists.userId, userId), eq(wildcardLists.name, name)))
      .returning();
    // Only the person's own lists are theirs to change; a shared one is the operator's.
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('WILDCARD_NAME_TAKEN');
    throw error;
  }
}
