import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';

/** NOTIFY channel that wakes idle workers when a job becomes claimable. */
export const GENERATION_JOBS_CHANNEL = 'generation_jobs';

/**
 * The NOTIFY that wakes the workers, as an expression that rides along in another select (one
 * round trip fewer for the submit). Inside a transaction PostgreSQL delivers it only at commit,
 * so a worker never looks for a row it cannot see yet (and a rolled-back submit wakes no one).
 */
export function wakeWorkersCall() {
  return sql`pg_notify(${GENERATION_JOBS_CHANNEL}, '')`;
}

/** NOTIFY channel naming a cancelled job (payload: its id), so the worker running it stops it. */
export const GENERATION_CANCELLED_CHANNEL = 'generation_cancelled';

/** Delivered at commit, like the queue signal: a rolled-back cancel stops nothing. */
export async function notifyGenerationCancelled(tx: DbHandle, id: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${GENERATION_CANCELLED_CHANNEL}, ${id})`);
}
