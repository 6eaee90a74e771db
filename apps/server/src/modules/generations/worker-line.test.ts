import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../../../test/provided-context';
import {
  fakeEngine,
  startTestWorker,
  TINY_PNG,
  waitFor,
  type TestWorker,
} from '../../../test/generation-worker-harness';
import type { Database } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import { openQueueStores, queueHelpers } from '../../../test/generation-queue-fixtures';

/**
 * Idle workers of the same models wait in one line for new work (decision 071): a submit wakes
 * the head of the line only, and a full or stopping head hands the wake-ups on at once. The
 * safety poll is a minute here, so work left waiting for it times a test out.
 */
describe('workers take turns at new work', () => {
  let database: Database;
  let images: ImageStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, images, close } = await openQueueStores());
  });
  afterAll(() => close());
  const { clearQueue, newUser, submit, readRow } = queueHelpers(() => database.db);
  const completed = (id: string) =>
    waitFor(async () => (await readRow(id))?.status === 'completed', 5_000);

  /**
   * A worker whose engine counts its jobs and, while `state.held`, keeps them until release().
   */
  function countingWorker(options: { concurrency: number; held?: boolean }) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const state = { started: 0, held: options.held ?? false };
    const engine = fakeEngine(async () => {
      state.started += 1;
      if (state.held) await released;
      return TINY_PNG;
    });
    const worker: TestWorker = startTestWorker({
      database,
      images,
      engine,
      settings: { pollIntervalMs: 60_000, concurrency: options.concurrency },
    });
    return { worker, state, release: () => release() };
  }

  // PGlite is one session whose NOTIFYs reach every listener: each worker there claims.
  it.runIf(inject('databaseKind') === 'postgres')(
    'wakes one idle worker per job, not all of them',
    async () => {
      await clearQueue();
      const userId = await newUser(10);
      const workers = [countingWorker({ concurrency: 4 }), countingWorker({ concurrency: 4 })];
      const started = () => workers.map(({ state }) => state.started);
      try {
        // A starting worker claims once before it joins the line: either may take this one.
        const first = await submit(userId);
        await completed(first.generation.id);
        const before = started();
        for (let job = 0; job < 6; job += 1) {
          const { generation } = await submit(userId);
          await completed(generation.id);
        }
        const counts = started().map((count, index) => count - before[index]!);
        expect(counts.sort()).toEqual([0, 6]);
      } finally {
        await Promise.all(workers.map(({ worker }) => worker.stop()));
      }
    },
  );

  it('hands new work to the next worker when the head is full', async () => {
    await clearQueue();
    const userId = await newUser(10);
    const workers = [
      countingWorker({ concurrency: 1, held: true }),
      countingWorker({ concurrency: 1, held: true }),
    ];
    const running = () => workers.reduce((sum, { state }) => sum + state.started, 0);
    try {
      const first = await submit(userId);
      await waitFor(() => running() === 1, 5_000);
      const second = await submit(userId);
      await waitFor(() => running() === 2, 5_000);
      expect(workers.map(({ state }) => state.started)).toEqual([1, 1]);
      for (const { release } of workers) release();
      await completed(first.generation.id);
      await completed(second.generation.id);
    } finally {
      for (const { release } of workers) release();
      await Promise.all(workers.map(({ worker }) => worker.stop()));
    }
  });

  it('hands new work to the next worker as soon as the head starts stopping', async () => {
    await clearQueue();
    const userId = await newUser(10);
    const workers = [countingWorker({ concurrency: 4 }), countingWorker({ concurrency: 4 })];
    try {
      // Past their start (each claims once before joining the line), both are in line.
      const warmUp = await submit(userId);
      await completed(warmUp.generation.id);
      for (const { state } of workers) {
        state.started = 0;
        state.held = true;
      }
      const first = await submit(userId);
      await waitFor(() => workers.some(({ state }) => state.started === 1), 5_000);
      const head = workers.find(({ state }) => state.started === 1)!;
      // Stopping finishes the job it holds first; it claims nothing more meanwhile.
      const stopping = head.worker.stop();
      const second = await submit(userId);
      await waitFor(() => workers.every(({ state }) => state.started === 1), 5_000);
      for (const { release } of workers) release();
      await stopping;
      await completed(first.generation.id);
      await completed(second.generation.id);
    } finally {
      for (const { release } of workers) release();
      await Promise.all(workers.map(({ worker }) => worker.stop()));
    }
  });
});
