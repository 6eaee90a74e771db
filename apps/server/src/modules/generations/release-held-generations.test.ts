import { randomUUID } from 'node:crypto';
import { claimOne } from '../../../test/queued-jobs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { generations } from './generations-tables';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { releaseHeldGenerations } from './repository/claim-jobs';
import { TEST_MODEL_ID } from '../../../test/test-models';

describe('releaseHeldGenerations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("hands one worker's running jobs to the next claimer at once, the attempt not counted", async () => {
    const db = database.db;
    const userId = await insertTestUser(db);
    const id = randomUUID();
    await db.insert(generations).values({
      id,
      requestId: randomUUID(),
      userId,
      contentPrompt: 'an owl',
      model: TEST_MODEL_ID,
    });
    const held = await claimOne({
      db,
      workerId: 'stopping',
      leaseMs: 600_000,
      models: [TEST_MODEL_ID],
    });
    expect(held).toMatchObject({ id, attempts: 1, lockedBy: 'stopping' });
    // The lease has ten minutes left: without the release nobody could take it over.
    expect(
      await claimOne({
        db,
        workerId: 'other',
        leaseMs: 600_000,
        models: [TEST_MODEL_ID],
      }),
    ).toBeUndefined();

    expect(await releaseHeldGenerations({ db, workerId: 'someone-else' })).toBe(0);
    expect(await releaseHeldGenerations({ db, workerId: 'stopping' })).toBe(1);
    const [row] = await db.select().from(generations).where(eq(generations.id, id));
    expect(row).toMatchObject({ status: 'queued', lockedBy: null, attempts: 0 });

    const taken = await claimOne({
      db,
      workerId: 'other',
      leaseMs: 600_000,
      models: [TEST_MODEL_ID],
    });
    expect(taken).toMatchObject({ id, attempts: 1, lockedBy: 'other' });
  });
});
