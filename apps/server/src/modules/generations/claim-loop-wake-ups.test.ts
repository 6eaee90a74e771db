import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeEngine,
  startTestWorker,
  TINY_PNG,
  waitFor,
} from '../../../test/generation-worker-harness';
import type { Database } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import { openQueueStores, queueHelpers } from '../../../test/generation-queue-fixtures';

/**
 * The claim loop claims as soon as work arrives, or a slot frees while work waits: never by
 * waiting for its safety poll, set to a minute here, so a missed wake-up times the test out.
 */
describe('the claim loop wakes on work, not on its poll', () => {
  let database: Database;
  let images: ImageStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, images, close } = await openQueueStores());
  });
  afterAll(() => close());
  const { clearQueue, newUser, submit, readRow } = queueHelpers(() => database.db);
  const settings = { pollIntervalMs: 60_000 };
  const completed = (id: string) =>
    waitFor(async () => (await readRow(id))?.status === 'completed', 5_000);

  /** An engine that holds every job until `release()`; `running` counts those it holds. */
  function heldEngine() {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const state = { running: 0, most: 0 };
    const engine = fakeEngine(async () => {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      await released;
      state.running -= 1;
      return TINY_PNG;
    });
    return { engine, state, release: () => release() };
  }

  it('runs a job submitted while it is full as soon as its slot frees', async () => {
    await clearQueue();
    const userId = await newUser(5);
    const held = heldEngine();
    const worker = startTestWorker({ database, images, engine: held.engine, settings });
    try {
      const first = await submit(userId);
      await waitFor(() => held.state.running === 1, 5_000);
      // Its NOTIFY reaches a worker with no free slot.
      const second = await submit(userId);
      held.release();
      await completed(first.generation.id);
      await completed(second.generation.id);
    } finally {
      held.release();
      await worker.stop();
    }
  });

  it('fills its free slots, and takes the rest as slots free', async () => {
    await clearQueue();
    const userId = await newUser(5);
    const jobs = [await submit(userId), await submit(userId), await submit(userId)];
    const held = heldEngine();
    const worker = startTestWorker({
      database,
      images,
      engine: held.engine,
      settings: { ...settings, concurrency: 2 },
    });
    try {
      await waitFor(() => held.state.running === 2, 5_000);
      expect((await readRow(jobs[2]!.generation.id))?.status).toBe('queued');
      held.release();
      for (const job of jobs) await completed(job.generation.id);
      expect(held.state.most).toBe(2);
    } finally {
      held.release();
      await worker.stop();
    }
  });
});
