import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { insertQueuedJobs, claimOne } from '../../../test/queued-jobs';
import { TEST_MODEL_ID } from '../../../test/test-models';
import type { AppDb, Database } from '../../db/database';
import { releaseHeldGenerations } from './repository/claim-jobs';
import { requeueForRetry, requeueJob } from './repository/finish-jobs';
import { GENERATION_JOBS_CHANNEL } from './repository/queue-signals';

/**
 * The database wakes the workers for every row that becomes claimable, whichever statement wrote
 * it (migration 0030), and for nothing else. Each case ends with a marker NOTIFY: every wake-up
 * of the case has arrived before it, so the list of payloads is complete.
 */
let database: Database;
let db: AppDb;
let woken: string[];
let stop: () => Promise<void>;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  woken = [];
  stop = await database.listen(GENERATION_JOBS_CHANNEL, (payload) => woken.push(payload));
});
afterAll(async () => {
  await stop();
  await database.close();
});

/** The wake-ups `change` caused: '' each, then the case's marker. */
async function wakeUpsOf(change: () => Promise<unknown>): Promise<string[]> {
  await db.execute(sql`select pg_notify(${GENERATION_JOBS_CHANNEL}, 'before')`);
  await expect.poll(() => woken.at(-1)).toBe('before');
  woken.length = 0;
  await change();
  await db.execute(sql`select pg_notify(${GENERATION_JOBS_CHANNEL}, 'after')`);
  await expect.poll(() => woken.at(-1)).toBe('after');
  return woken.slice(0, -1);
}

const workerId = 'wake-test-worker';
const claim = () => claimOne({ db, workerId, leaseMs: 60_000, models: [TEST_MODEL_ID] });

describe('queued rows wake the workers', () => {
  it('a transaction inserting several queued rows wakes them once', async () => {
    const userId = await insertTestUser(db);
    expect(
      await wakeUpsOf(() => db.transaction((tx) => insertQueuedJobs(tx, userId, 3, 0))),
    ).toEqual(['']);
  });

  it('a rolled-back insert wakes no one', async () => {
    const userId = await insertTestUser(db);
    const rolledBack = () =>
      db.transaction(async (tx) => {
        await insertQueuedJobs(tx, userId, 1, 0);
        tx.rollback();
      });
    const refused = () => expect(rolledBack()).rejects.toThrow('Rollback');
    expect(await wakeUpsOf(refused)).toEqual([]);
  });

  it('a claim, a delayed requeue and a finished row wake no one; a retry and a release do', async () => {
    const userId = await insertTestUser(db);
    await insertQueuedJobs(db, userId, 1, 0);
    let job = await claim();
    expect(job).toBeDefined();
    const id = job!.id;
    expect(await wakeUpsOf(() => requeueJob(db, { id, workerId, delayMs: 60_000 }))).toEqual([]);
    expect(await wakeUpsOf(() => requeueForRetry(db, { id, retryCount: 1, priority: 0 }))).toEqual([
      '',
    ]);
    job = await claim();
    expect(job?.id).toBe(id);
    expect(await wakeUpsOf(() => releaseHeldGenerations({ db, workerId }))).toEqual(['']);
    expect(await wakeUpsOf(() => insertQueuedJobs(db, userId, 1, 0, 'completed'))).toEqual([]);
  });
});
