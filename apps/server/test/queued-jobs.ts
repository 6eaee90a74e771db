import { randomUUID } from 'node:crypto';
import type { GenerationStatus } from '@nocturne/contract/generations/generation-status';
import type { AppDb } from '../src/db/database';
import { generations } from '../src/modules/generations/generations-tables';
import type { GenerationRow } from '../src/modules/generations/generation-row';
import { claimGenerations } from '../src/modules/generations/repository/claim-jobs';
import { TEST_MODEL_ID } from './test-models';

/** `count` images of one request already in the queue (or in `status`), made without a submit. */
export async function insertQueuedJobs(
  db: AppDb,
  userId: string,
  count: number,
  priority: number,
  status: GenerationStatus = 'queued',
  model = TEST_MODEL_ID,
): Promise<string> {
  const requestId = randomUUID();
  await db.insert(generations).values(
    Array.from({ length: count }, (_, imageIndex) => ({
      requestId,
      userId,
      imageIndex,
      imageCount: count,
      contentPrompt: 'a waiting owl',
      priority,
      status,
      model,
    })),
  );
  return requestId;
}

/** One worker's claim of the single next due job of `models`; undefined when none is due. */
export async function claimOne(options: {
  db: AppDb;
  workerId: string;
  leaseMs: number;
  models: readonly string[];
}): Promise<GenerationRow | undefined> {
  const [job] = await claimGenerations({ ...options, count: 1 });
  return job;
}
