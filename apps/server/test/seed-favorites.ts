import { sql } from 'drizzle-orm';
import type { AppDb } from '../src/db/database';

const SUBJECTS = [
  'owl',
  'fox',
  'city',
  'forest',
  'ocean',
  'portrait',
  'castle',
  'dragon',
  'garden',
  'robot',
  'tiger',
  'lake',
  'desert',
  'temple',
  'train',
  'ship',
  'moon',
  'rose',
  'wolf',
  'bridge',
];
const TIMES = ['dawn', 'noon', 'dusk', 'night'];
const STYLES = ['moody', 'neon', 'pastel', 'gothic', 'soft'];

/**
 * `count` favorites for one user in one statement: prompts from a small vocabulary (so a word such
 * as 'owl' matches 1 in 20) plus md5(i) (so a hex fragment matches about one), one a second apart.
 */
export async function seedFavorites(db: AppDb, userId: string, count: number): Promise<void> {
  const subjects = sql.raw(`ARRAY[${SUBJECTS.map((word) => `'${word}'`).join(',')}]`);
  const times = sql.raw(`ARRAY[${TIMES.map((word) => `'${word}'`).join(',')}]`);
  const styles = sql.raw(`ARRAY[${STYLES.map((word) => `'${word}'`).join(',')}]`);
  await db.execute(sql`
    INSERT INTO favorites (user_id, source_prompt, content_prompt, image_path, created_at)
    SELECT ${userId},
      CASE WHEN i % 3 = 0 THEN '' ELSE (${styles})[1 + i % 5] || ' style' END,
      (${subjects})[1 + i % 20] || ' at ' || (${times})[1 + (i / 20) % 4] || ', ' || md5(i::text),
      substr(md5(i::text), 1, 2) || '/' || md5(i::text) || md5((i + 1)::text) || '.png',
      now() - make_interval(secs => i)
    FROM generate_series(1, ${count}::int) AS i`);
  // What autovacuum does after a bulk load: statistics for the planner, a visibility map for
  // index-only scans.
  await db.execute(sql`VACUUM ANALYZE favorites`);
}
