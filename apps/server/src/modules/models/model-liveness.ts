import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { workerModels } from '../../db/worker-models-schema';
import type { ServedEngine } from './served-engines';

/**
 * Records (or refreshes) that `workerId` serves these models now, each with its engine as it
 * runs (servedEngineOf): the worker's heartbeat.
 */
export async function recordWorkerModels(
  db: DbHandle,
  workerId: string,
  engines: ReadonlyMap<string, ServedEngine>,
): Promise<void> {
  if (engines.size === 0) return;
  await db
    .insert(workerModels)
    .values([...engines].map(([model, engine]) => ({ workerId, model, engine })))
    .onConflictDoUpdate({
      target: [workerModels.workerId, workerModels.model],
      set: { seenAt: sql`now()`, engine: sql`excluded.engine` },
    });
}

/** A clean shutdown: the worker serves nothing any more. */
export async function removeWorkerModels(db: DbHandle, workerId: string): Promise<void> {
  await db.delete(workerModels).where(eq(workerModels.workerId, workerId));
}

/** A worker's row of a model heard from within the last `boundMs`: a live worker of it. */
export function seenWithin(boundMs: number): SQL {
  return gt(workerModels.seenAt, sql`now() - ${`${boundMs} milliseconds`}::interval`);
}

/** The models among `models` some worker served within the last `boundMs`. */
export async function findLiveModels(
  db: DbHandle,
  models: readonly string[],
  boundMs: number,
): Promise<Set<string>> {
  if (models.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ model: workerModels.model })
    .from(workerModels)
    .where(and(inArray(workerModels.model, [...models]), seenWithin(boundMs)));
  return new Set(rows.map((row) => row.model));
}
