import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';

/**
 * NOTIFY channel that wakes idle workers when a job becomes claimable. The database sends it
 * itself (migration 0030's trigger): every row that turns queued and claimable, whichever
 * statement wrote it, wakes them at its commit. Of the idle workers of a model set only the head
 * of their line listens (decision 071), so one of them claims.
 */
export const GENERATION_JOBS_CHANNEL = 'generation_jobs';

/** NOTIFY channel naming a cancelled job (payload: its id), so the worker running it stops it. */
export const GENERATION_CANCELLED_CHANNEL = 'generation_cancelled';

/**
 * Tells the worker running job `id` to stop. Inside a transaction PostgreSQL delivers a NOTIFY
 * only at commit, so a rolled-back cancel stops nothing.
 */
export async function notifyGenerationCancelled(tx: DbHandle, id: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${GENERATION_CANCELLED_CHANNEL}, ${id})`);
}
