import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { wildcardLists } from './wildcards-tables';

/** DELETE /wildcards/{name}: the person's own list only; any other name is 404. */
export async function deleteWildcard(options: {
  db: DbHandle;
  userId: string;
  name: string;
}): Promise<void> {
  const [deleted] = await options.db
    .delete(wildcardLists)
    .where(and(eq(wildcardLists.userId, options.userId), eq(wildcardLists.name, options.name)))
    .returning({ id: wildcardLists.id });
  if (!deleted) throw new AppError('NOT_FOUND');
}
