import { eq } from 'drizzle-orm';
import { claimOne } from '../../../test/queued-jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { generations } from './generations-tables';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import {
  fakeEngine,
  startTestWorker,
  TINY_PNG,
  untilAborted,
  waitFor,
} from '../../../test/generation-worker-harness';
import type { ImageStore } from '../images/image-store';
import { completeGeneration } from './finish-generation';
import { ignoreEvents } from '../../../test/collect-events';
import { FAILURE_REASONS } from './settle-failed-run';
import { claimGenerations } from './repository/claim-jobs';
import { openQueueStores, queueHelpers } from '../../../test/generation-queue-fixtures';
import { TEST_MODEL_ID } from '../../../test/test-models';

/** Claiming, leases, retries, timeouts and workers sharing the queue. */
describe('generation queue', () => {
  let database: Database;
  let images: ImageStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, images, close } = await openQueueStores());
  });
  afterAll(() => close());

  const { clearQueue, newUser, submit, readRow } = queueHelpers(() => database.db);

  /** Two free submits, then a premium one: the queue's order is premium, first, second. */
  async function queueOfThree() {
    await clearQueue();
    const free = await newUser(5);
    const premium = await newUser(0);
    await setPremium(database.db, premium, true);
    const first = (await submit(free)).generation;
    const second = (await submit(free)).generation;
    const vip = (await submit(premium)).generation;
    return { first, second, vip };
  }
  const claim = (workerId: string, count: number) =>
    claimGenerations({
      db: database.db,
      workerId,
      leaseMs: 60_000,
      models: [TEST_MODEL_ID],
      count,
    });

  it('claims premium jobs before older free ones, then oldest first', async () => {
    const { first, second, vip } = await queueOfThree();
    expect(vip.priority).toBe(1);
    const order = [];
    for (let index = 0; index < 3; index += 1) order.push((await claim('w', 1))[0]?.id);
    expect(order).toEqual([vip.id, first.id, second.id]);
    expect(await claim('w', 1)).toEqual([]);
  });

  it('claims several due jobs in one statement, in the queue’s order, and never one twice', async () => {
    const { first, second, vip } = await queueOfThree();
    const one = await claim('one', 2);
    expect(one.map((job) => job.id)).toEqual([vip.id, first.id]);
    expect(one.every((job) => job.status === 'processing' && job.lockedBy === 'one')).toBe(true);
    const two = await claim('two', 4);
    expect(two.map((job) => job.id)).toEqual([second.id]);
    expect(await claim('three', 4)).toEqual([]);
  });

  it('the claim and the completion stamp updated_at when they run', async () => {
    await clearQueue();
    const userId = await newUser(5);
    const claimed = [];
    for (let index = 0; index < 2; index += 1) {
      await submit(userId);
      // Past the millisecond, so a stale stamp would show.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const before = Date.now();
      const job = await claimOne({
        db: database.db,
        workerId: 'w',
        leaseMs: 60_000,
        models: [TEST_MODEL_ID],
      });
      expect(job?.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 5);
      claimed.push(job);
    }
    const [job] = claimed;
    if (!job) throw new Error('nothing claimed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = Date.now();
    const done = await completeGeneration({
      db: database.db,
      events: ignoreEvents,
      job,
      workerId: 'w',
      resultPath: 'ab/cd.png',
      resultImageUrl: '/images/ab/cd.png',
      inlinePng: TINY_PNG,
      sha256: 'f'.repeat(64),
      retentionMs: 60_000,
      // Not TEST_QUEUE's backend: the 429 test reads that one's history as empty.
      backend: 'fake:stamp',
      ignoredOptions: ['seed'],
    });
    expect(done).toMatchObject({
      status: 'completed',
      backend: 'fake:stamp',
      ignoredOptions: ['seed'],
    });
    expect(done?.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(done?.resultExpiresAt?.getTime()).toBeGreaterThan(before + 50_000);
  });

  it('runs a job again when its worker died (lease expired), charging once', async () => {
    await clearQueue();
    const userId = await newUser(1);
    const { generation } = await submit(userId);
    // A worker claims with a short lease and "dies": it never renews or finishes.
    const dead = await claimOne({
      db: database.db,
      workerId: 'dead',
      leaseMs: 50,
      models: [TEST_MODEL_ID],
    });
    expect(dead?.id).toBe(generation.id);
    const worker = startTestWorker({ database, images, engine: fakeEngine(() => TINY_PNG) });
    try {
      const row = await waitFor(async () => {
        const current = await readRow(generation.id);
        return current?.status === 'completed' ? current : undefined;
      });
      expect(row.attempts).toBe(2);
    } finally {
      await worker.stop();
    }
    const ledger = await readCreditLedger(database.db, userId);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries.map((entry) => entry.reason)).toEqual(['adjustment', 'generation']);
  });

  it('fails a job after the last attempt with a reason and refunds it exactly once', async () => {
    await clearQueue();
    const userId = await newUser(1);
    const { generation } = await submit(userId);
    let calls = 0;
    const engine = fakeEngine(() => {
      calls += 1;
      throw new Error('engine exploded');
    });
    const worker = startTestWorker({ database, images, engine });
    try {
      await waitFor(async () => (await readRow(generation.id))?.status === 'failed');
    } finally {
      await worker.stop();
    }
    expect(calls).toBe(3);
    const row = await readRow(generation.id);
    expect(row?.error).toBe(FAILURE_REASONS.failed);
    const ledger = await readCreditLedger(database.db, userId);
    expect(ledger.balance).toBe(1);
    expect(ledger.entries.filter((entry) => entry.reason === 'refund')).toHaveLength(1);
    expect(ledger.ledgerSum).toBe(1);
  });

  it('fails a job that runs past the timeout (the engine call is aborted) and refunds it', async () => {
    await clearQueue();
    const userId = await newUser(1);
    const { generation } = await submit(userId);
    let aborted = false;
    const engine = fakeEngine(async (signal) => {
      signal?.addEventListener('abort', () => (aborted = true));
      return untilAborted(signal);
    });
    const worker = startTestWorker({ database, images, engine, settings: { timeoutMs: 150 } });
    try {
      await waitFor(async () => (await readRow(generation.id))?.status === 'failed');
    } finally {
      await worker.stop();
    }
    expect(aborted).toBe(true);
    expect((await readRow(generation.id))?.error).toMatch(/timed out/);
    expect((await readCreditLedger(database.db, userId)).balance).toBe(1);
  });

  it('two workers on the same database never run the same job', async () => {
    await clearQueue();
    const userId = await newUser(12);
    const submitted = [];
    for (let index = 0; index < 12; index += 1)
      submitted.push(await submit(userId, `owl ${index}`));
    const runs = new Map<string, number>();
    const engine = fakeEngine(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return TINY_PNG;
    });
    const counting = {
      ...engine,
      generate: (
        request: Parameters<typeof engine.generate>[0],
        options?: Parameters<typeof engine.generate>[1],
      ) => {
        runs.set(request.prompt, (runs.get(request.prompt) ?? 0) + 1);
        return engine.generate(request, options);
      },
    };
    const workers = [1, 2].map(() =>
      startTestWorker({ database, images, engine: counting, settings: { concurrency: 2 } }),
    );
    try {
      await waitFor(async () => {
        const rows = await database.db
          .select()
          .from(generations)
          .where(eq(generations.userId, userId));
        return rows.every((row) => row.status === 'completed');
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(runs.size).toBe(12);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});
