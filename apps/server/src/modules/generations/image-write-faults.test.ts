import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { generations } from './generations-tables';
import { submitOneImage } from '../../../test/generation-request';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  TINY_PNG,
  waitFor,
} from '../../../test/generation-worker-harness';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { createImageStore, type ImageStore } from '../images/image-store';
import { createImageUrlSigner } from '../images/image-url-signer';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import { silentUnitOfWork } from '../../../test/silent-unit-of-work';
import { FAILURE_REASONS } from './settle-failed-run';

const signer = createImageUrlSigner('test-image-url-secret-0123456789abcdef');

/** Every file under `root`, temp files included (an orphan of any kind counts). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/**
 * Writing the result image fails (issue 13, Faults): the job is retried within its attempt limit,
 * then failed and refunded with the reason, and no row points at a missing file nor any file is
 * left that no row points at.
 */
describe('image write faults', () => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'nocturne-write-faults-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function runOne(options: { images: ImageStore; unitOfWork?: UnitOfWork }) {
    await database.db
      .update(generations)
      .set({ status: 'failed', lockedBy: null })
      .where(sql`${generations.status} in ('queued', 'processing')`);
    const userId = await insertTestUser(database.db);
    await giveCredits(database.db, userId, 1);
    const generation = await submitOneImage(database.db, userId);
    const worker = startTestWorker({
      database,
      engine: fakeEngine(() => TINY_PNG),
      images: options.images,
      unitOfWork: options.unitOfWork,
      settings: { maxAttempts: 3, backoffMs: 10 },
    });
    try {
      const row = await waitFor(async () => {
        const [current] = await database.db
          .select()
          .from(generations)
          .where(eq(generations.id, generation.id));
        return current?.status === 'completed' || current?.status === 'failed'
          ? current
          : undefined;
      });
      const ledger = await readCreditLedger(database.db, userId);
      expect(ledger.balance).toBe(ledger.ledgerSum);
      return { row, ledger };
    } finally {
      await worker.stop();
    }
  }

  it('a disk that refuses every write (ENOSPC): 3 tries, then failed, refunded, nothing on disk', async () => {
    const root = path.join(dir, 'full');
    const real = createImageStore(root, signer);
    let saves = 0;
    const images: ImageStore = {
      ...real,
      async save() {
        saves += 1;
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
        });
      },
    };
    const { row, ledger } = await runOne({ images });
    expect(saves).toBe(3);
    expect(row.status).toBe('failed');
    expect(row.error).toBe(FAILURE_REASONS.failed);
    expect(row.resultPath).toBeNull();
    expect(ledger.balance).toBe(1);
    expect(ledger.entries.filter((entry) => entry.reason === 'refund')).toHaveLength(1);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('an images directory that cannot be created: failed and refunded, no row with an image', async () => {
    // A file where the directory should be: every mkdir below it fails (ENOTDIR), even as root.
    const root = path.join(dir, 'not-a-dir');
    await writeFile(root, 'in the way');
    const { row, ledger } = await runOne({ images: createImageStore(root, signer) });
    expect(row.status).toBe('failed');
    expect(row.resultPath).toBeNull();
    expect(ledger.balance).toBe(1);
  });

  it('the file written but the completion not committed: retried, and the first file removed', async () => {
    const root = path.join(dir, 'orphans');
    const images = createImageStore(root, signer);
    const real = silentUnitOfWork(database.db);
    let failNextCompletion = true;
    const unitOfWork: UnitOfWork = {
      ...real,
      async statement(work) {
        const files = await filesUnder(root);
        // The completion is the first statement after a file appears: it "loses" the database.
        if (failNextCompletion && files.length > 0) {
          failNextCompletion = false;
          throw Object.assign(new Error('Connection terminated unexpectedly'), {});
        }
        return real.statement(work);
      },
    };
    const { row, ledger } = await runOne({ images, unitOfWork });
    expect(failNextCompletion).toBe(false);
    expect(row.status).toBe('completed');
    expect(row.attempts).toBe(2);
    expect(ledger.balance).toBe(0);
    const files = await filesUnder(root);
    expect(files).toEqual([path.basename(row.resultPath ?? '')]);
  });
});
