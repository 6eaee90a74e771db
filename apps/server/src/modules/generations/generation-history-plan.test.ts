import { findGenerationsQuerySchema } from '@nocturne/contract/generations/generation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { generationsPageQuery } from './repository/list-generations';

/**
 * The history's newest-first page must come from the (user_id, created_at, id) index scanned
 * backwards, stopping after 20 rows; with an index of another order PostgreSQL reads and sorts
 * every generation of the person on each page.
 */
describe('generation history plan', () => {
  let database: Database;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    userId = await insertTestUser(database.db);
    const other = await insertTestUser(database.db);
    for (const owner of [userId, other]) {
      await database.db.execute(sql`
        INSERT INTO generations (request_id, user_id, content_prompt, status, model, created_at)
        SELECT gen_random_uuid()::text, ${owner}, 'prompt ' || i, 'completed', 'test-model',
          now() - (i || ' seconds')::interval
        FROM generate_series(1, 5000) AS i`);
    }
    await database.db.execute(sql`ANALYZE generations`);
  });
  afterAll(() => database.close());

  it('reads a newest-first page through the index, without sorting', async () => {
    const query = findGenerationsQuerySchema.parse({});
    const result = await database.db.execute(
      sql`EXPLAIN ${generationsPageQuery(database.db, userId, query)}`,
    );
    const { rows } = result as unknown as { rows: Array<Record<string, string>> };
    const plan = rows.map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toContain('generations_user_created_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
