import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { setPremium } from '../../../test/read-credit-ledger';
import type { AppDb, Database } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { GENERATION_JOBS_CHANNEL } from './generation-queue-signal';
import { readGenerationSnapshot } from './read-owned-generation';
import { submitQueued, type QueuedSubmit } from './submit-queued';

/**
 * The submit statement (decision 038). On PostgreSQL the concurrent submits below are real
 * concurrent statements on separate pool connections, each waiting for the person's queue lock
 * with its snapshot already taken; PGlite has one connection and runs them one after the other,
 * which must give the same answer.
 */
let database: Database;
let db: AppDb;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const backend = 'onnx:fake';
const limits = { free: 4, premium: 6 };

function submitOf(userId: string, imageCount = 1, key: string | null = null): QueuedSubmit {
  return {
    userId,
    requestId: randomUUID(),
    idempotencyKey: key,
    ids: Array.from({ length: imageCount }, () => randomUUID()),
    seeds: Array.from({ length: imageCount }, (_, index) => 100 + index),
    sourcePrompt: 'an owl',
    contentPrompt: 'a moonlit owl',
    negativePrompt: 'blur',
    aspectRatio: '16:9',
    quality: 'best',
    style: null,
    limits,
    backend,
  };
}

/** Jobs already in the queue, made without the statement. */
async function queued(userId: string, count: number, priority: number, status = 'queued') {
  const requestId = randomUUID();
  await db.insert(generations).values(
    Array.from({ length: count }, (_, imageIndex) => ({
      requestId,
      userId,
      imageIndex,
      imageCount: count,
      contentPrompt: 'a waiting owl',
      priority,
      status: status as 'queued',
    })),
  );
  return requestId;
}

/** Jobs that ran on `backend` for the given seconds each: the wait estimate's history. */
async function finishedRuns(userId: string, seconds: number[]) {
  const completedAt = new Date();
  await db.insert(generations).values(
    seconds.map((duration) => ({
      requestId: randomUUID(),
      userId,
      contentPrompt: 'a finished owl',
      status: 'completed' as const,
      backend,
      startedAt: new Date(completedAt.getTime() - duration * 1000),
      completedAt,
    })),
  );
}

/**
 * Runs `submits` while another transaction holds the person's queue lock (the key of migrations
 * 0014 and 0015) for a moment, so that on PostgreSQL every submit has started, snapshot taken,
 * and waits for the lock: a count or key lookup from before the wait would let several in.
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

const freely = { premiumOnly: false };
const premiumOnly = { premiumOnly: true };

describe('submitQueued', () => {
  it('inserts every image with the submit’s options and the columns’ defaults', async () => {
    const userId = await insertTestUser(db);
    const submit = submitOf(userId, 3, 'key-a');
    const answer = await db.transaction((tx) => submitQueued(tx, submit, freely));
    expect(answer).toMatchObject({ held: 0, premium: false, earlierRequestId: null });
    expect(answer.rows).toHaveLength(3);
    const stored = await db
      .select()
      .from(generations)
      .where(eq(generations.requestId, submit.requestId));
    expect(answer.rows).toEqual(
      [...stored].sort((left, right) => left.imageIndex - right.imageIndex),
    );
    answer.rows.forEach((row, index) => {
      expect(row).toMatchObject({
        id: submit.ids[index],
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
  });

  it("queues premium first; the join's snapshot places a submit after every job claimed before it", async () => {
    await db.delete(generations);
    const other = await insertTestUser(db);
    const userId = await insertTestUser(db);
    // Older free jobs and a premium one are ahead; running and finished jobs are not.
    await queued(other, 2, 0);
    await queued(other, 1, 1);
    const running = await queued(other, 1, 1, 'processing');
    await queued(other, 1, 0, 'completed');
    const queue = { backend, concurrency: 2 };
    const snapshot = (owner: string, requestId: string) =>
      readGenerationSnapshot({ db, userId: owner, requestId, urlFor: (key) => key, queue });

    const free = await db.transaction((tx) => submitQueued(tx, submitOf(userId, 3), freely));
    // Admitted: the durations (for a full queue's Retry-After) are not read.
    expect(free.seconds).toBeNull();
    expect(free.rows.map((row) => row.priority)).toEqual([0, 0, 0]);
    const freeRequest = free.rows[0]?.requestId ?? '';
    expect(await snapshot(userId, freeRequest)).toMatchObject({
      image_index: 0,
      status: 'queued',
      queue_position: 4,
      estimated_wait_s: null,
    });

    // Premium goes before every free job, after the premium one already waiting.
    await setPremium(db, userId, true);
    const premium = await submitQueued(db, submitOf(userId), premiumOnly);
    expect(premium).toMatchObject({ premium: true, held: 3 });
    expect(premium.rows.map((row) => row.priority)).toEqual([1]);
    // Two jobs of 10 s each finished on this backend: ceil(2nd place / 2 at a time) × 10 s.
    await finishedRuns(other, [10, 10]);
    const premiumRequest = premium.rows[0]?.requestId ?? '';
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

  it('premium only: a person without premium access is not inserted, locked or counted', async () => {
    const userId = await insertTestUser(db);
    await queued(userId, 2, 0);
    const answer = await submitQueued(db, submitOf(userId), premiumOnly);
    expect(answer).toMatchObject({ rows: [], premium: false, held: null, earlierRequestId: null });
    const rows = await db.select().from(generations).where(eq(generations.userId, userId));
    expect(rows).toHaveLength(2);
    if (database.kind !== 'postgres') return;
    // While another transaction holds the person's queue lock, it still answers at once.
    let release: () => void = () => undefined;
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`queue:${userId}`}, 0))`,
      );
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    const outcome = await Promise.race([
      submitQueued(db, submitOf(userId), premiumOnly).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waited for the lock'), 2_000)),
    ]);
    release();
    await holder;
    expect(outcome).toBe('answered');
  });

  it('admits up to the person’s limit, premium’s or free’s, and no further', async () => {
    const userId = await insertTestUser(db);
    await queued(userId, 3, 0);
    const tooMany = await db.transaction((tx) => submitQueued(tx, submitOf(userId, 2), freely));
    expect(tooMany).toMatchObject({ rows: [], held: 3, premium: false });
    const last = await db.transaction((tx) => submitQueued(tx, submitOf(userId, 1), freely));
    expect(last.rows).toHaveLength(1);

    await setPremium(db, userId, true);
    expect((await submitQueued(db, submitOf(userId, 2), premiumOnly)).rows).toHaveLength(2);
    expect(await submitQueued(db, submitOf(userId, 1), premiumOnly)).toMatchObject({
      rows: [],
      held: 6,
      premium: true,
    });
  });

  it('answers the earlier submit under the same key, even when the queue is full by now', async () => {
    const userId = await insertTestUser(db);
    const first = submitOf(userId, 2, 'submit-1');
    expect((await db.transaction((tx) => submitQueued(tx, first, freely))).rows).toHaveLength(2);
    await queued(userId, 2, 0);
    const again = await db.transaction((tx) =>
      submitQueued(tx, submitOf(userId, 2, 'submit-1'), freely),
    );
    expect(again).toMatchObject({ rows: [], held: 4, earlierRequestId: first.requestId });
    const other = await db.transaction((tx) =>
      submitQueued(tx, submitOf(userId, 1, 'submit-2'), freely),
    );
    expect(other).toMatchObject({ rows: [], held: 4, earlierRequestId: null });
  });

  it('wakes the workers once when rows go in, and not when nothing does', async () => {
    const userId = await insertTestUser(db);
    await setPremium(db, userId, true);
    const woken: string[] = [];
    const stop = await database.listen(GENERATION_JOBS_CHANNEL, (payload) => woken.push(payload));
    try {
      expect((await submitQueued(db, submitOf(userId, 3, 'wake'), premiumOnly)).rows).toHaveLength(
        3,
      );
      await expect.poll(() => woken.length).toBe(1);
      const again = await submitQueued(db, submitOf(userId, 3, 'wake'), premiumOnly);
      expect(again.rows).toEqual([]);
      // A later NOTIFY arrives after any from the refused submit would have.
      await db.execute(sql`select pg_notify(${GENERATION_JOBS_CHANNEL}, 'marker')`);
      await expect.poll(() => woken.at(-1)).toBe('marker');
      expect(woken).toEqual(['', 'marker']);
    } finally {
      await stop();
    }
  });

  it('concurrent submits for the last places: exactly as many as fit go in', async () => {
    const userId = await insertTestUser(db);
    await setPremium(db, userId, true);
    await queued(userId, 4, 1);
    const answers = await behindTheLock(userId, () =>
      Promise.all(Array.from({ length: 6 }, () => submitQueued(db, submitOf(userId), premiumOnly))),
    );
    expect(answers.filter((answer) => answer.rows.length > 0)).toHaveLength(2);
    const rows = await db.select().from(generations).where(eq(generations.userId, userId));
    expect(rows).toHaveLength(6);
  });

  it('concurrent twins under one key: one submit of all its images, the others answer it', async () => {
    const userId = await insertTestUser(db);
    await setPremium(db, userId, true);
    const answers = await behindTheLock(userId, () =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          submitQueued(db, submitOf(userId, 3, 'twins'), premiumOnly),
        ),
      ),
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
