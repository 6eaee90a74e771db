import { findFavoritesQuerySchema } from '@nocturne/contract/favorites/find-favorites';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import { insertTestUser } from '../../../../test/insert-test-user';
import { openTestDatabase } from '../../../../test/open-test-database';
import { seedFavorites } from '../../../../test/seed-favorites';
import { favoritesCountQuery, favoritesPageQuery } from './find-favorites';

/**
 * The trigram indexes only help while the service's WHERE matches their expression (ILIKE on the
 * bare columns); rewriting the search, say to lower(x) LIKE, would silently fall back to a scan of
 * every favorite; a sort by prompt without its index sorts them all. The benchmark measures the
 * speed; this only checks the plan.
 */
describe('favorites search plan', () => {
  let database: Database;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    userId = await insertTestUser(database.db);
    await seedFavorites(database.db, userId, 10_000);
  });
  afterAll(() => database.close());

  const explain = async (statement: SQLWrapper) => {
    const result = await database.db.execute(sql`EXPLAIN ${statement}`);
    const { rows } = result as unknown as { rows: Array<Record<string, string>> };
    return rows.map((row) => Object.values(row)[0]).join('\n');
  };

  it('searches both prompts through their trigram indexes', async () => {
    const query = findFavoritesQuerySchema.parse({ q: 'c9f0f895' });
    for (const statement of [
      favoritesPageQuery(database.db, userId, query),
      favoritesCountQuery(database.db, userId, query),
    ]) {
      const plan = await explain(statement);
      expect(plan).toContain('favorites_source_prompt_trgm_idx');
      expect(plan).toContain('favorites_content_prompt_trgm_idx');
    }
  });

  it.each(['asc', 'desc'])(
    'sorts the whole gallery by prompt (%s) through its index, without sorting',
    async (orderDirection) => {
      const query = findFavoritesQuerySchema.parse({ orderBy: 'content_prompt', orderDirection });
      const plan = await explain(favoritesPageQuery(database.db, userId, query));
      expect(plan).toContain('favorites_user_prompt_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    },
  );
});
