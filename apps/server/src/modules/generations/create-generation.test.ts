import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitOwls, TEST_QUEUE } from '../../../test/generation-request';
import { giveCredits } from '../../../test/generation-worker-harness';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { insertQueuedJobs } from '../../../test/queued-jobs';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import type { AppDb, Database } from '../../db/database';
import { generations } from './generations-tables';
import { readGenerationSnapshot } from './read-owned-generation';
import { GENERATION_JOBS_CHANNEL } from './repository/queue-signals';
import { TEST_MODEL_ID } from '../../../test/test-models';

/** The submit's transaction, one image per row, on either database. */
let database: Database;
let db: AppDb;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const queue = { ...TEST_QUEUE, limits: { free: 4, premium: 6 }, concurrency: 2 };
const submit = (userId: string, imageCount = 1, key?: string) =>
  submitOwls(db, userId, { imageCount, key, queue });
const queued = (
  userId: string,
  count: number,
  priority: number,
  status?: 'processing' | 'completed',
) => insertQueuedJobs(db, userId, count, priority, status);

/** Jobs of the test model that ran for the given seconds each: the wait estimate's history. */
async function finishedRuns(userId: string, seconds: number[]) {
  const completedAt = new Date();
  await db.insert(generations).values(
    seconds.map((duration) => ({
      requestId: randomUUID(),
      userId,
      contentPrompt: 'a finished owl',
      model: TEST_MODEL_ID,
      status: 'completed' as const,
      backend: 'onnx:fake',
      startedAt: new Date(completedAt.getTime() - duration * 1000),
      completedAt,
    })),
  );
}

describe('createGeneration', () => {
  it('inserts every image with the submit’s options and the columns’ defaults', async () => {
    const userId = await insertTestUser(db);
    await giveCredits(db, userId, 3);
    const { images, created } = await submit(userId, 3, 'key-a');
    expect(created).toBe(true);
    expect(images).toHaveLength(3);
    const [first] = images;
    const stored = await db
      .select()
      .from(generations)
      .where(eq(generations.requestId, first?.requestId ?? ''));
    expect(images).toEqual([...stored].sort((left, right) => left.imageIndex - right.imageIndex));
    images.forEach((row, index) => {
      expect(row).toMatchObject({
        requestId: first?.requestId,
        userId,
        imageIndex: index,
        imageCount: 3,
        status: 'queued',
        sourcePrompt: 'an owl',
        contentPrompt: 'a moonlit owl',
        negativePrompt: 'blur',
        seed: 100 + index,
        aspectRatio: '16:9',
        quality: 'best',
        style: null,
        ignoredOptions: [],
        priority: 0,
        idempotencyKey: index === 0 ? 'key-a' : null,
        attempts: 0,
        retryCount: 0,
        progress: null,
        resultPath: null,
      });
      expect(row.createdAt).toBeInstanceOf(Date);
      expect(row.runAfter).toBeInstanceOf(Date);
    });
    // One credit per image, each under its generation's key.
    const ledger = await readCreditLedger(db, userId);
    expect(ledger.balance).toBe(0);
    const debits = ledger.entries.filter((entry) => entry.reason === 'generation');
    expect(debits.map((entry) => entry.idempotencyKey).sort()).toEqual(
      images.map((image) => `generation:${image.id}`).sort(),
    );
  });

  it("queues premium first; the join's snapshot places a submit after every job claimed before it", async () => {
    await db.delete(generations);
    const other = await insertTestUser(db);
    const userId = await insertTestUser(db);
    await giveCredits(db, userId, 3);
    // Older free jobs and a premium one are ahead; running and finished jobs are not.
    await queued(other, 2, 0);
    await queued(other, 1, 1);
    const running = await queued(other, 1, 1, 'processing');
    await queued(other, 1, 0, 'completed');
    const snapshot = (owner: string, requestId: string) =>
      readGenerationSnapshot({ db, userId: owner, requestId, urlFor: (key) => key, queue });

    const free = await submit(userId, 3);
    expect(free.images.map((row) => row.priority)).toEqual([0, 0, 0]);
    const freeRequest = free.images[0]?.requestId ?? '';
    expect(await snapshot(userId, freeRequest)).toMatchObject({
      image_index: 0,
      status: 'queued',
      queue_position: 4,
      estimated_wait_s: null,
    });

    // Premium goes before every free job, after the premium one already waiting, uncharged.
    await setPremium(db, userId, true);
    const premium = await submit(userId);
    expect(premium.images.map((row) => row.priority)).toEqual([1]);
    expect((await readCreditLedger(db, userId)).balance).toBe(0);
    // Two jobs of 10 s each finished on this backend: ceil(2nd place / 2 at a time) × 10 s.
    await finishedRuns(other, [10, 10]);
    const premiumRequest = premium.images[0]?.requestId ?? '';
    expect(await snapshot(userId, premiumRequest)).toMatchObject({
      queue_position: 2,
      estimated_wait_s: 10,
    });
    // The free submit now waits behind the premium one too.
    expect(await snapshot(userId, freeRequest)).toMatchObject({ queue_position: 5 });
    // Not queued: no place. Another person's request: not found, like a missing one.
    const started = await snapshot(other, running);
    expect(started.status).toBe('processing');
    expect(started).not.toHaveProperty('queue_position');
    await expect(snapshot(userId, running)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('admits up to the person’s limit, premium’s or free’s, and no further', async () => {
    const userId = await insertTestUser(db);
    await giveCredits(db, userId, 3);
    await queued(userId, 3, 0);
    await expect(submit(userId, 2)).rejects.toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      details: { held: 3, adding: 2, limit: 4 },
    });
    expect((await submit(userId, 1)).images).toHaveLength(1);

    await setPremium(db, userId, true);
    expect((await submit(userId, 2)).images).toHaveLength(2);
    await expect(submit(userId, 1)).rejects.toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      details: { held: 6, adding: 1, limit: 6 },
    });
    // Refused before any debit: only the one admitted free image was charged.
    expect((await readCreditLedger(db, userId)).balance).toBe(2);
  });

  it('answers the earlier submit under the same key, even when the queue is full by now', async () => {
    const userId = await insertTestUser(db);
    await setPremium(db, userId, true);
    const first = await submit(userId, 2, 'submit-1');
    expect(first.images).toHaveLength(2);
    await queued(userId, 4, 1);
    const again = await submit(userId, 2, 'submit-1');
    expect(again).toEqual({ images: first.images, created: false });
    await expect(submit(userId, 1, 'submit-2')).rejects.toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
    });
  });

  it('wakes the workers once when rows go in, and not when nothing does', async () => {
    const userId = await insertTestUser(db);
    await setPremium(db, userId, true);
    const woken: string[] = [];
    const stop = await database.listen(GENERATION_JOBS_CHANNEL, (payload) => woken.push(payload));
    try {
      expect((await submit(userId, 3, 'wake')).images).toHaveLength(3);
      await expect.poll(() => woken.length).toBe(1);
      expect((await submit(userId, 3, 'wake')).created).toBe(false);
      // A later NOTIFY arrives after any from the answered-again submit would have.
      await db.execute(sql`select pg_notify(${GENERATION_JOBS_CHANNEL}, 'marker')`);
      await expect.poll(() => woken.at(-1)).toBe('marker');
      expect(woken).toEqual(['', 'marker']);
    } finally {
      await stop();
    }
  });
});
