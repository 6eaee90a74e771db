import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitOwls, TEST_QUEUE } from '../../../test/generation-request';
import { giveCredits } from '../../../test/generation-worker-harness';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { insertQueuedJobs } from '../../../test/queued-jobs';
import { TEST_MODEL_ID } from '../../../test/test-models';
import type { AppDb, Database } from '../../db/database';
import { generations } from './generations-tables';
import { queuedUpdates } from './queued-update';
import { readGenerationSnapshot } from './read-owned-generation';

let database: Database;
let db: AppDb;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** Another catalog model, served by other workers at another pace. */
const SLOW_MODEL = 'slow-gpu-model';
const queue = { ...TEST_QUEUE, limits: { free: 3, premium: 3 }, concurrency: 1 };

/** Completed jobs of `model` that ran `seconds` each: its wait estimate's history. */
async function finishedRuns(userId: string, model: string, seconds: number) {
  const completedAt = new Date();
  await db.insert(generations).values(
    Array.from({ length: 3 }, () => ({
      requestId: randomUUID(),
      userId,
      contentPrompt: 'a finished owl',
      model,
      status: 'completed' as const,
      backend: `fake:${model}`,
      startedAt: new Date(completedAt.getTime() - seconds * 1000),
      completedAt,
    })),
  );
}

/**
 * Workers claim by model, so a job waits only behind its own model's queue, at its own model's
 * pace: what it is told (the join's snapshot, a `queued` update, a full queue's Retry-After)
 * leaves the other models out.
 */
describe("a job's place and wait are its model's", () => {
  it('counts only its model’s jobs ahead and waits at its model’s pace', async () => {
    const other = await insertTestUser(db);
    const userId = await insertTestUser(db);
    await giveCredits(db, userId, 1);
    await finishedRuns(other, TEST_MODEL_ID, 4);
    await finishedRuns(other, SLOW_MODEL, 90);
    // Ahead in time: five jobs of the slow model and two of the test model.
    await insertQueuedJobs(db, other, 5, 0, 'queued', SLOW_MODEL);
    await insertQueuedJobs(db, other, 2, 0);

    const { images } = await submitOwls(db, userId, { queue });
    const [image] = images;
    const snapshot = await readGenerationSnapshot({
      db,
      userId,
      requestId: image?.requestId ?? '',
      urlFor: (key) => key,
      queue,
    });
    expect(snapshot).toMatchObject({ queue_position: 3, estimated_wait_s: 12 });
    const [update] = await queuedUpdates(db, images, queue);
    expect(update?.payload).toMatchObject({ queue_position: 3, estimated_wait_s: 12 });
  });

  it('tells a full queue to retry after one of its model’s jobs', async () => {
    const userId = await insertTestUser(db);
    await giveCredits(db, userId, 1);
    await insertQueuedJobs(db, userId, 3, 0);
    // The slow model's 90 s runs (the first test's) are not this submit's pace.
    await expect(submitOwls(db, userId, { queue })).rejects.toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      headers: { 'retry-after': '4' },
    });
  });
});
