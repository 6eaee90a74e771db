import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { generations } from './generations-tables';
import { openTestDatabase } from '../../../test/open-test-database';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import { enqueuePrompt, generationRequest, TEST_QUEUE } from '../../../test/generation-request';
import { silentUnitOfWork } from '../../../test/silent-unit-of-work';
import { unitOfWorkFailingOn } from '../../../test/failing-unit-of-work';
import { queueHelpers } from '../../../test/generation-queue-fixtures';

/** Submitting to the queue: one transaction, debited or not at all, refused when full. */
describe('generation queue', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const { newUser } = queueHelpers(() => database.db);

  it('debits, writes the row and the ledger row atomically: a failure between steps leaves nothing', async () => {
    const userId = await newUser(3);
    // The submit hands its collector an effect right after writing its rows (its metrics), and
    // the debit an event right after charging (credit_updated): a failure at each is a failure
    // after that step, inside the transaction.
    const collectorCallAfter = { row: 'afterCommit', debit: 'add' } as const;
    for (const failAt of ['row', 'debit'] as const) {
      await expect(
        enqueuePrompt({
          unitOfWork: unitOfWorkFailingOn(database.db, collectorCallAfter[failAt]),
          userId,
          request: generationRequest({ content_prompt: 'an owl' }),
          queue: TEST_QUEUE,
        }),
      ).rejects.toThrow('injected');
    }
    const rows = await database.db.select().from(generations).where(eq(generations.userId, userId));
    expect(rows).toHaveLength(0);
    const ledger = await readCreditLedger(database.db, userId);
    expect(ledger.balance).toBe(3);
    expect(ledger.entries.filter((entry) => entry.reason === 'generation')).toHaveLength(0);
  });

  it('a submit is one transaction, premium or free; only the free one debits', async () => {
    const unitOfWork = silentUnitOfWork(database.db);
    const calls: string[] = [];
    const counting = {
      ...unitOfWork,
      statement: ((work) => {
        calls.push('statement');
        return unitOfWork.statement(work);
      }) as typeof unitOfWork.statement,
      transaction: ((work) => {
        calls.push('transaction');
        return unitOfWork.transaction(work);
      }) as typeof unitOfWork.transaction,
    };
    const submit = (userId: string) =>
      enqueuePrompt({
        unitOfWork: counting,
        userId,
        request: generationRequest({ image_count: 2 }),
        queue: TEST_QUEUE,
      });
    const premium = await newUser(0);
    await setPremium(database.db, premium, true);
    const paid = await submit(premium);
    expect(paid.images.map((image) => image.priority)).toEqual([1, 1]);
    expect(calls).toEqual(['transaction']);
    expect((await readCreditLedger(database.db, premium)).balance).toBe(0);

    calls.length = 0;
    const free = await newUser(3);
    const charged = await submit(free);
    expect(charged.images.map((image) => image.priority)).toEqual([0, 0]);
    expect(calls).toEqual(['transaction']);
    expect((await readCreditLedger(database.db, free)).balance).toBe(1);
    await expect(submit(free)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    const rows = await database.db.select().from(generations).where(eq(generations.userId, free));
    expect(rows).toHaveLength(2);
  });

  it('a full queue answers 429 with about one recent job’s duration as Retry-After', async () => {
    const userId = await newUser(0);
    await setPremium(database.db, userId, true);
    const queue = { ...TEST_QUEUE, limits: { free: 1, premium: 2 } };
    const submit = () =>
      enqueuePrompt({
        unitOfWork: silentUnitOfWork(database.db),
        userId,
        request: generationRequest({ image_count: 2 }),
        queue,
      });
    await submit();
    const refused = await submit().catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      headers: { 'retry-after': '10' },
    });
    expect(
      await database.db.select().from(generations).where(eq(generations.userId, userId)),
    ).toHaveLength(2);
  });
});
