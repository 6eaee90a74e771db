import type { FindFavoritesQuery } from '@nocturne/contract/favorites/find-favorites';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../src/db/database';
import {
  favoritesCountQuery,
  favoritesPageQuery,
} from '../src/modules/generations/favorites/find-favorites';

/** The executed plans of the service's own page and count queries, indented for Markdown. */
export async function explainSearch(
  db: AppDb,
  userId: string,
  query: FindFavoritesQuery,
): Promise<string> {
  const plans = [];
  for (const statement of [
    favoritesPageQuery(db, userId, query),
    favoritesCountQuery(db, userId, query),
  ]) {
    const result = await db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${statement}`);
    const { rows } = result as unknown as { rows: Array<Record<string, string>> };
    plans.push(rows.map((row) => `    ${Object.values(row)[0]}`).join('\n'));
  }
  return plans.join('\n\n');
}
