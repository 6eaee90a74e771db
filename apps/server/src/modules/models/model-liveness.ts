import { and, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { workerModels } from './worker-models-tables';
import type { ServedEngine, WorkerModelHealth } from './model-types';

/**
 * Records (or refreshes) that `workerId` serves these models now, each with its engine as it
 * runs (servedEngineOf) and, when given, its health (engine-health-monitor.ts): the worker's
 * heartbeat.
 */
export async function recordWorkerModels(
  db: DbHandle,
  workerId: string,
  engines: ReadonlyMap<string, ServedEngine>,
  health?: ReadonlyMap<string, WorkerModelHealth>,
): Promise<void> {
  if (engines.size === 0) return;
  await db
    .insert(workerModels)
    .values(
      [...engines].map(([model, engine]) => ({
        workerId,
        model,
        engine,
        health: health?.get(model) ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [workerModels.workerId, workerModels.model],
      set: { seenAt: sql`now()`, engine: sql`excluded.engine`, health: sql`excluded.health` },
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

/** The rows of the workers that served `ids` within `boundMs`, by worker (the console's models). */
export function readLiveWorkerRows(db: DbHandle, ids: string[], boundMs: number) {
  return db
    .select()
    .from(workerModels)
    .where(and(inArray(workerModels.model, ids), seenWithin(boundMs)))
    .orderBy(workerModels.workerId);
}

/** Workers with a heartbeat within `boundMs`, per model. */
export function countLiveWorkers(db: DbHandle, boundMs: number) {
  return db
    .select({ model: workerModels.model, workers: count().mapWith(Number) })
    .from(workerModels)
    .where(seenWithin(boundMs))
    .groupBy(workerModels.model);
}
