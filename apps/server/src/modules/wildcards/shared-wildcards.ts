import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordAdminAction } from '../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../operators/require-operator';
import { sharedWildcardLists } from './wildcards-tables';
import type { SharedWildcardRow } from './wildcard-row';

const audited = (row: SharedWildcardRow | undefined) =>
  row ? { name: row.name, values: row.values } : null;

/**
 * PUT /admin/wildcards/{name}: creates the shared list or replaces its lines, and writes its audit
 * row (before and after) in the same transaction.
 */
export async function setSharedWildcard(options: {
  db: AppDb;
  operator: RequestOperator;
  name: string;
  values: string[];
}): Promise<SharedWildcardRow> {
  const { operator, name, values } = options;
  return options.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(sharedWildcardLists)
      .where(eq(sharedWildcardLists.name, name))
      .for('update');
    const [row] = await tx
      .insert(sharedWildcardLists)
      .values({ name, values })
      .onConflictDoUpdate({
        target: sharedWildcardLists.name,
        set: { values, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error('a shared wildcard upsert without a row');
    await recordAdminAction(tx, {
      operator,
      action: 'shared_wildcard_set',
      targetUserId: null,
      reason: null,
      before: audited(before),
      after: audited(row),
    });
    return row;
  });
}

/** DELETE /admin/wildcards/{name}: removes the shared list, audited; an absent one is 404. */
export async function removeSharedWildcard(options: {
  db: AppDb;
  operator: RequestOperator;
  name: string;
}): Promise<void> {
  const { operator, name } = options;
  await options.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(sharedWildcardLists)
      .where(eq(sharedWildcardLists.name, name))
      .returning();
    if (!removed) throw new AppError('NOT_FOUND');
    await recordAdminAction(tx, {
      operator,
      action: 'shared_wildcard_remove',
      targetUserId: null,
      reason: null,
      before: audited(removed),
      after: null,
    });
  });
}
