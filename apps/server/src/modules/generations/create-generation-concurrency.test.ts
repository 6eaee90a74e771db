import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitOwls, TEST_QUEUE } from '../../../test/generation-request';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { insertQueuedJobs } from '../../../test/queued-jobs';
import { setPremium } from '../../../test/read-credit-ledger';
import type { AppDb, Database } from '../../db/database';
import { generations } from './generations-tables';
import { AppError } from '../../lib/app-error';
import type { GenerationRow } from './generation-row';

/**
 * Concurrent submits of one person. On PostgreSQL they are real concurrent transactions on
 * separate pool connections, each waiting for the person's queue lock; PGlite has one connection
 * and runs them one after the other, which must give the same answer.
 */
let database: Database;
let db: AppDb;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const queue = {
  ...TEST_QUEUE,
  limits: { free: 4, premium: 6 },
  backend: 'onnx:fake',
  concurrency: 2,
};
const queued = (userId: string, count: number, priority: number) =>
  insertQueuedJobs(db, userId, count, priority);

/**
 * A submit as these tests read it: the rows it made, or the request id of the earlier submit
 * under its key it answered with; a full queue made neither.
 */
async function submitAnswer(
  userId: string,
  imageCount = 1,
  key?: string,
): Promise<{ rows: GenerationRow[]; earlierRequestId: string | null }> {
  try {
    const { images, created } = await submitOwls(db, userId, { imageCount, key, queue });
    if (created) return { rows: images, earlierRequestId: null };
    return { rows: [], earlierRequestId: images[0]?.requestId ?? null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMIT_EXCEEDED') {
      return { rows: [], earlierRequestId: null };
    }
    throw error;
  }
}

/**
 * Runs `submits` while another transaction holds the person's queue lock (lockPersonQueue's key)
 * for a moment, so that on PostgreSQL every submit has started and waits for the lock: a count or
 * key lookup from before the wait would let several in.
 */
async function behindTheLock<T>(userId: string, submits: () => Promise<T>): Promise<T> {
  let locked: () => void = () => undefined;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`queue:${userId}`}, 0))`);
    locked();
    if (database.kind === 'postgres') await tx.execute(sql`select pg_sleep(0.1)`);
  });
  await lockTaken;
  const answers = submits();
  await holder;
  return answers;
}

describe('createGeneration under concurrency', () => {
  it('concurrent submits for the last places: exactly as many as fit go in', async () => {
    const userId = await insertTestUser(db);
    await setPremium(db, userId, true);
    await queued(userId, 4, 1);
    const answers = await behindTheLock(userId, () =>
      Promise.all(Array.from({ length: 6 }, () => submitAnswer(userId))),
    );
    expect(answers.filter((answer) => answer.rows.length > 0)).toHaveLength(2);
    const rows = await db.select().from(generations).where(eq(generations.userId, userId));
    expect(rows).toHaveLength(6);
  });

  it('concurrent twins under one key: one submit of all its images, the others answer it', async () => {
    const userId = await insertTestUser(db);
    await setPremium(db, userId, true);
    const answers = await behindTheLock(userId, () =>
      Promise.all(Array.from({ length: 4 }, () => submitAnswer(userId, 3, 'twins'))),
    );
    const admitted = answers.filter((answer) => answer.rows.length > 0);
    expect(admitted).toHaveLength(1);
    const requestId = admitted[0]?.rows[0]?.requestId;
    for (const answer of answers) {
      if (answer.rows.length === 0) expect(answer.earlierRequestId).toBe(requestId);
    }
    const rows = await db.select().from(generations).where(eq(generations.userId, userId));
    expect(rows.map((row) => [row.requestId, row.imageIndex]).sort()).toEqual([
      [requestId, 0],
      [requestId, 1],
      [requestId, 2],
    ]);
  });
});
