import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import type { AppDb, Database } from '../../db/database';
import { generations } from './generations-tables';
import { AppError } from '../../lib/app-error';
import { assertQueueRoom } from './queue-room';
import { readQueueStanding } from './repository/person-queue';
import { TEST_MODEL_ID } from '../../../test/test-models';

/**
 * The person's queue lock, then their standing (the count) in a statement of its own. On PostgreSQL the submits
 * below are real concurrent transactions on separate pool connections: each waits for the lock,
 * so a count read before the lock was granted would miss the row the lock holder commits, and
 * several would take the last place. PGlite has one connection and runs them one after the
 * other, which must give the same answer.
 */
let database: Database;
let db: AppDb;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const limits = { free: 4, premium: 6 };

function queuedRow(userId: string) {
  return { requestId: randomUUID(), userId, contentPrompt: 'a moonlit owl', model: TEST_MODEL_ID };
}

async function submit(userId: string) {
  return db.transaction(async (tx) => {
    await assertQueueRoom({ tx, userId, adding: 1, limits, model: TEST_MODEL_ID });
    // Holding the lock a while, so that the other submits are all waiting for it meanwhile.
    if (database.kind === 'postgres') await tx.execute(sql`select pg_sleep(0.05)`);
    await tx.insert(generations).values(queuedRow(userId));
  });
}

describe('assertQueueRoom', () => {
  it('concurrent submits for the last place in a person’s queue: exactly one gets it', async () => {
    const userId = await insertTestUser(db);
    await db.insert(generations).values([queuedRow(userId), queuedRow(userId), queuedRow(userId)]);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => submit(userId)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(AppError);
        expect((outcome.reason as AppError).code).toBe('RATE_LIMIT_EXCEEDED');
      }
    }
    expect((await readQueueStanding(db, userId)).held).toBe(4);
  });

  it('answers whether the person is premium, with the premium limit', async () => {
    const userId = await insertTestUser(db);
    await expect(
      db.transaction((tx) =>
        assertQueueRoom({ tx, userId, adding: 4, limits, model: TEST_MODEL_ID }),
      ),
    ).resolves.toEqual({ premium: false });
    await expect(
      db.transaction((tx) =>
        assertQueueRoom({ tx, userId, adding: 5, limits, model: TEST_MODEL_ID }),
      ),
    ).rejects.toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
  });
});
