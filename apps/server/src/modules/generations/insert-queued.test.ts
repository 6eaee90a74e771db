import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import type { AppDb, Database } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { GENERATION_JOBS_CHANNEL } from './generation-queue-signal';
import { insertQueued } from './insert-queued';

let database: Database;
let db: AppDb;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const backend = 'onnx:fake';

function images(userId: string, count: number, priority: number, key?: string) {
  const requestId = randomUUID();
  return Array.from({ length: count }, (_, imageIndex) => ({
    requestId,
    userId,
    imageIndex,
    imageCount: count,
    contentPrompt: 'a moonlit owl',
    priority,
    idempotencyKey: imageIndex === 0 ? (key ?? null) : null,
  }));
}

describe('insertQueued', () => {
  it('places the first new image after every queued job claimed before it, in one statement', async () => {
    const other = await insertTestUser(db);
    const userId = await insertTestUser(db);
    // Older free jobs and a premium one are ahead; running and finished jobs are not.
    await db.insert(generations).values([...images(other, 2, 0), ...images(other, 1, 1)]);
    await db.insert(generations).values({ ...images(other, 1, 1)[0]!, status: 'processing' });
    await db.insert(generations).values({ ...images(other, 1, 0)[0]!, status: 'completed' });

    const free = await db.transaction((tx) =>
      insertQueued(tx, images(userId, 3, 0), { backend, onConflictDoNothing: false }),
    );
    expect(free.ahead).toBe(3);
    expect(free.rows.map((row) => [row.userId, row.imageIndex, row.status])).toEqual([
      [userId, 0, 'queued'],
      [userId, 1, 'queued'],
      [userId, 2, 'queued'],
    ]);
    expect(free.rows[0]?.createdAt).toBeInstanceOf(Date);
    expect(free.seconds).toBeNull();

    // A premium job goes before every free one, after the premium one already waiting.
    const premium = await db.transaction((tx) =>
      insertQueued(tx, images(userId, 1, 1), { backend, onConflictDoNothing: false }),
    );
    expect(premium.ahead).toBe(1);
  });

  it('wakes the workers at commit, and not when a key met an earlier submit (nothing inserted)', async () => {
    const userId = await insertTestUser(db);
    const woken: string[] = [];
    const stop = await database.listen(GENERATION_JOBS_CHANNEL, (payload) => woken.push(payload));
    try {
      const first = await db.transaction((tx) =>
        insertQueued(tx, images(userId, 1, 0, 'key-1'), { backend, onConflictDoNothing: true }),
      );
      expect(first.rows).toHaveLength(1);
      await expect.poll(() => woken.length).toBe(1);

      const again = await db.transaction((tx) =>
        insertQueued(tx, images(userId, 1, 0, 'key-1'), { backend, onConflictDoNothing: true }),
      );
      expect(again.rows).toEqual([]);
      // A later NOTIFY arrives after any from the refused insert would have.
      await db.execute(sql`select pg_notify(${GENERATION_JOBS_CHANNEL}, 'marker')`);
      await expect.poll(() => woken.at(-1)).toBe('marker');
      expect(woken).toEqual(['', 'marker']);
    } finally {
      await stop();
    }
  });
});
