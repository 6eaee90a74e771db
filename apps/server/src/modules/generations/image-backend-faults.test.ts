import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { generations } from './generations-tables';
import { parseEnv } from '../../env';
import { submitOneImage } from '../../../test/generation-request';
import { giveCredits, startTestWorker, waitFor } from '../../../test/generation-worker-harness';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import {
  startFaultyImageBackend,
  type BackendBehaviour,
  type BackendWire,
} from '../../../test/start-faulty-image-backend';
import { imageEngineConfig } from '../models/image-engine-config';
import { createImageStore, type ImageStore } from '../images/image-store';
import { createImageUrlSigner } from '../images/image-url-signer';
import { FAILURE_REASONS } from './settle-failed-run';

const MAX_ATTEMPTS = 3;
const TIMEOUT_MS = 400;

/**
 * The image backend slow, failing or answering garbage, over real HTTP (and ComfyUI's websocket)
 * to the real imagegen clients (issue 13, Faults): every job ends within its timeout and attempt limit, either with
 * its image or failed with a reason and refunded once, the balance always the ledger sum.
 */
describe('image backend faults', () => {
  let database: Database;
  let images: ImageStore;
  let dir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'nocturne-backend-faults-'));
    images = createImageStore(dir, createImageUrlSigner('test-image-url-secret-0123456789abcdef'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function run(wire: BackendWire, script: BackendBehaviour[]) {
    await database.db
      .update(generations)
      .set({ status: 'failed', lockedBy: null })
      .where(sql`${generations.status} in ('queued', 'processing')`);
    const backend = await startFaultyImageBackend(wire, script);
    const env = parseEnv({
      IMAGE_BACKEND: wire,
      A1111_URL: backend.url,
      OPENAI_IMAGES_URL: backend.url,
      COMFYUI_URL: backend.url,
      DATA_DIR: dir,
    });
    const engine = await createImageGenerator(imageEngineConfig(env, () => undefined));
    const userId = await insertTestUser(database.db);
    await giveCredits(database.db, userId, 1);
    const generation = await submitOneImage(database.db, userId);
    const started = Date.now();
    const worker = startTestWorker({
      database,
      images,
      engine,
      settings: { maxAttempts: MAX_ATTEMPTS, timeoutMs: TIMEOUT_MS, backoffMs: 10 },
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
      const elapsedMs = Date.now() - started;
      const ledger = await readCreditLedger(database.db, userId);
      expect(ledger.balance).toBe(ledger.ledgerSum);
      return { row, ledger, calls: backend.calls(), elapsedMs };
    } finally {
      await worker.stop();
      await engine.close();
      await backend.stop();
    }
  }

  const refunds = (ledger: { entries: { reason: string }[] }) =>
    ledger.entries.filter((entry) => entry.reason === 'refund').length;

  for (const wire of ['a1111', 'openai', 'comfyui'] as const) {
    describe(wire, () => {
      for (const fault of [
        'error-500',
        'unavailable-503',
        'not-json',
        'not-an-image',
        'cut-off',
      ] as const) {
        it(`${fault} every time: tried ${MAX_ATTEMPTS} times, then failed with the reason and refunded once`, async () => {
          const { row, ledger, calls } = await run(wire, [fault]);
          expect(row.status).toBe('failed');
          expect(row.error).toBe(FAILURE_REASONS.failed);
          expect(row.resultPath).toBeNull();
          expect(calls).toBe(MAX_ATTEMPTS);
          expect(ledger.balance).toBe(1);
          expect(refunds(ledger)).toBe(1);
        });
      }

      it('fails twice, then answers: one image, charged once, no refund', async () => {
        const { row, ledger, calls } = await run(wire, ['error-500', 'not-an-image', 'ok']);
        expect(row.status).toBe('completed');
        expect(calls).toBe(3);
        expect(ledger.balance).toBe(0);
        expect(refunds(ledger)).toBe(0);
      });

      it('never answers: aborted at the timeout, failed with the reason and refunded', async () => {
        const { row, ledger, calls, elapsedMs } = await run(wire, ['hang']);
        expect(row.status).toBe('failed');
        expect(row.error).toBe(FAILURE_REASONS.timeout(Math.round(TIMEOUT_MS / 1000)));
        // A timeout is final: a backend that hangs once would hang the retries as well.
        expect(calls).toBe(1);
        expect(elapsedMs).toBeLessThan(TIMEOUT_MS + 3_000);
        expect(ledger.balance).toBe(1);
        expect(refunds(ledger)).toBe(1);
      });
    });
  }
});
