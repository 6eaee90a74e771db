import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';

/** NOTIFY channel that wakes idle workers when a job becomes claimable. */
export const GENERATION_JOBS_CHANNEL = 'generation_jobs';

/** NOTIFY channel naming a cancelled job (payload: its id), so the worker running it stops it. */
export const GENERATION_CANCELLED_CHANNEL = 'generation_cancelled';

/**
 * Wakes the workers. Inside a transaction PostgreSQL delivers a NOTIFY only at commit, so a
 * worker never looks for a row it cannot see yet, and a rolled-back change wakes no one.
 */
export async function wakeWorkers(tx: DbHandle): Promise<void> {
  await tx.execute(sql`select pg_notify(${GENERATION_JOBS_CHANNEL}, '')`);
}

/** Tells the worker running job `id` to stop; delivered at commit like the wake-up. */
export async function notifyGenerationCancelled(tx: DbHandle, id: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${GENERATION_CANCELLED_CHANNEL}, ${id})`);
}
