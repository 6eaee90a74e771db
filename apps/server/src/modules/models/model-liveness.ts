import { eq, gt, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { workerModels, type WorkerModelHealth } from '../../db/worker-models-schema';
import type { ServedEngine } from './served-engines';

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
