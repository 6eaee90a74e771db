import { sql } from 'drizzle-orm';
import type { AppDb } from '../src/db/database';

/**
 * `count` completed generations for one person in one statement, one a minute apart, each with a
 * stored result (so the history signs an image URL per row, as it does for real rows).
 */
export async function seedGenerations(db: AppDb, userId: string, count: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO generations (request_id, user_id, status, content_prompt, seed, backend, model,
      result_path, result_expires_at, created_at, started_at, completed_at)
    SELECT gen_random_uuid()::text, ${userId}, 'completed', 'a lantern in the fog ' || i, i,
      'openai:gpt-image-1', 'gpt-image-1', substr(md5(i::text), 1, 2) || '/' || md5(i::text) || '.png',
      now() + interval '1 day', now() - make_interval(mins => i),
      now() - make_interval(mins => i), now() - make_interval(mins => i) + interval '2 seconds'
    FROM generate_series(1, ${count}::int) AS i`);
  await db.execute(sql`VACUUM ANALYZE generations`);
}
