import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { BackendConfigError, CancelledError } from '@nocturne/imagegen/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { generations } from './generations-tables';
import { submitOneImage } from '../../../test/generation-request';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  waitFor,
} from '../../../test/generation-worker-harness';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { createImageStore, type ImageStore } from '../images/image-store';
import { createImageUrlSigner } from '../images/image-url-signer';
import { FAILURE_REASONS } from './settle-failed-run';

/**
 * Engine errors that no retry can fix end the job at once: a cancel on the backend itself reads
 * as a cancel, a misconfigured backend as a failure; both refunded once, tried once.
 */
describe('engine error kinds', () => {
  let database: Database;
  let images: ImageStore;
  let dir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'nocturne-error-kinds-'));
    images = createImageStore(dir, createImageUrlSigner('test-image-url-secret-0123456789abcdef'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function runWith(error: Error) {
    const userId = await insertTestUser(database.db);
    await giveCredits(database.db, userId, 1);
    const generation = await submitOneImage(database.db, userId);
    let calls = 0;
    const worker = startTestWorker({
      database,
      images,
      engine: fakeEngine(() => {
        calls += 1;
        throw error;
      }),
      settings: { maxAttempts: 3, backoffMs: 10 },
    });
    try {
      const row = await waitFor(async () => {
        const [current] = await database.db
          .select()
          .from(generations)
          .where(eq(generations.id, generation.id));
        return current?.status === 'failed' ? current : undefined;
      });
      const ledger = await readCreditLedger(database.db, userId);
      return { row, ledger, calls };
    } finally {
      await worker.stop();
    }
  }

  it('a cancel on the backend ends the job cancelled, refunded, without another attempt', async () => {
    const { row, ledger, calls } = await runWith(new CancelledError('interrupted in ComfyUI'));
    expect(row.error).toBe(CANCELLED_REASON);
    expect(calls).toBe(1);
    expect(ledger.entries.filter((entry) => entry.reason === 'refund')).toHaveLength(1);
    expect(ledger.balance).toBe(1);
  });

  it('a misconfigured backend fails the job at once, refunded', async () => {
    const { row, ledger, calls } = await runWith(new BackendConfigError('unknown checkpoint'));
    expect(row.error).toBe(FAILURE_REASONS.failed);
    expect(calls).toBe(1);
    expect(ledger.balance).toBe(1);
  });
});
