import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { favorites, generations } from './generations-tables';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { TINY_PNG } from '../../../test/generation-worker-harness';
import { createImageStore, type ImageStore } from '../images/image-store';
import { createImageUrlSigner } from '../images/image-url-signer';
import { cleanupExpiredResults } from './cleanup-expired-results';
import { TEST_MODEL_ID } from '../../../test/test-models';

describe('result retention cleanup', () => {
  let database: Database;
  let images: ImageStore;
  let dir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'nocturne-cleanup-'));
    images = createImageStore(dir, createImageUrlSigner('test-image-url-secret-0123456789abcdef'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function completed(userId: string, expiresInMs: number) {
    const resultPath = await images.save(TINY_PNG);
    const [row] = await database.db
      .insert(generations)
      .values({
        requestId: `req-${Math.random()}`.replace('.', ''),
        userId,
        contentPrompt: 'an owl',
        model: TEST_MODEL_ID,
        status: 'completed',
        resultPath,
        resultExpiresAt: sql`now() + ${`${expiresInMs} milliseconds`}::interval`,
      })
      .returning();
    if (!row) throw new Error('insert failed');
    return row;
  }

  it('deletes expired result files of non-favorited generations and nulls the path', async () => {
    const userId = await insertTestUser(database.db);
    const expired = await completed(userId, -1000);
    const kept = await completed(userId, 60_000);
    const favorited = await completed(userId, -1000);
    await database.db.insert(favorites).values({
      userId,
      generationId: favorited.id,
      sourcePrompt: '',
      contentPrompt: 'an owl',
      imagePath: await images.copy(favorited.resultPath ?? ''),
    });

    expect(await cleanupExpiredResults({ db: database.db, images })).toBe(1);
    const read = async (id: string) =>
      (await database.db.select().from(generations).where(eq(generations.id, id)))[0];
    expect((await read(expired.id))?.resultPath).toBeNull();
    expect(existsSync(path.join(dir, expired.resultPath ?? ''))).toBe(false);
    expect((await read(kept.id))?.resultPath).toBe(kept.resultPath);
    expect(existsSync(path.join(dir, kept.resultPath ?? ''))).toBe(true);
    expect((await read(favorited.id))?.resultPath).toBe(favorited.resultPath);
    expect(await cleanupExpiredResults({ db: database.db, images })).toBe(0);
  });

  it('two cleanups at once (two workers) remove each expired file once', async () => {
    const userId = await insertTestUser(database.db);
    const rows = await Promise.all(Array.from({ length: 12 }, () => completed(userId, -1000)));
    const removals: string[] = [];
    const counted: ImageStore = {
      ...images,
      remove: (key) => {
        removals.push(key);
        return images.remove(key);
      },
    };
    const [first, second] = await Promise.all([
      cleanupExpiredResults({ db: database.db, images: counted }),
      cleanupExpiredResults({ db: database.db, images: counted }),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(rows.length);
    expect(removals.sort()).toEqual(rows.map((row) => row.resultPath).sort());
  });
});
