import type { CreateWildcardRequest } from '@nocturne/contract/wildcards/person-wildcards';
import { WILDCARDS_PER_PERSON_MAX } from '@nocturne/contract/wildcards/wildcard';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/is-unique-violation';
import { wildcardLists } from './wildcards-tables';
import type { WildcardRow } from './wildcard-row';
import { lockPerson } from '../../db/lock-person';

/**
 * POST /wildcards. The person's wildcard lock makes concurrent creates take turns, so the count
 * cannot let two of them both take the last place (as presets do).
 */
export async function createWildcard(options: {
  db: AppDb;
  userId: string;
  request: CreateWildcardRequest;
}): Promise<WildcardRow> {
  const { db, userId, request } = options;
  try {
    return await db.transaction(async (tx) => {
      await lockPerson(tx, 'wildcards', userId);
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(wildcardLists)
        .where(eq(wildcardLists.userId, userId));
      if ((held?.count ?? 0) >= WILDCARDS_PER_PERSON_MAX) {
        throw new AppError('WILDCARD_LIMIT_REACHED');
      }
      const [row] = await tx
        .insert(wildcardLists)
        .values({ userId, name: request.name, values: request.values })
        .returning();
      if (!row) throw new Error('a wildcard list insert without a row');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('WILDCARD_NAME_TAKEN');
    throw error;
  }
}
