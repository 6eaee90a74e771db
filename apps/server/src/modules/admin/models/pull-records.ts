import type { ModelPullState } from '@nocturne/contract/admin/models';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { modelPulls } from './model-pulls-tables';

/**
 * How often a running pull's process says it is still at work, and how long without a word
 * makes its pull one whose process stopped. The bound is wide: converting or proving a model
 * keeps the process busy for long stretches, and a pull wrongly taken for stopped could be
 * started a second time into the same folder.
 */
export const PULL_HEARTBEAT_MS = 5_000;
export const PULL_STALE_MS = 120_000;

/** A pull row whose process has not said it is at work for PULL_STALE_MS. */
const heartbeatLost = sql<boolean>`${modelPulls.heartbeatAt} < now() - ${`${PULL_STALE_MS} milliseconds`}::interval`;

const STOPPED: Pick<ModelPullState, 'status' | 'error' | 'detail'> = {
  status: 'failed',
  error: 'The server process running this pull stopped before it ended.',
  detail: 'The pull stopped',
};

/**
 * Makes `state` (a new, running pull) the model's latest pull, unless another pull of it is
 * running: true when it is now this pull's. One statement, so two API processes asked at once
 * cannot both start one; a running pull whose process stopped (no heartbeat within
 * PULL_STALE_MS) no longer counts as running.
 */
export async function claimPull(
  tx: DbHandle,
  pullId: string,
  state: ModelPullState,
): Promise<boolean> {
  const claimed = await tx
    .insert(modelPulls)
    .values({ modelId: state.model_id, pullId, state })
    .onConflictDoUpdate({
      target: modelPulls.modelId,
      set: { pullId, state, heartbeatAt: sql`now()` },
      setWhere: sql`${modelPulls.state}->>'status' <> 'running' or ${heartbeatLost}`,
    })
    .returning({ modelId: modelPulls.modelId });
  return claimed.length > 0;
}

/** Writes the pull's latest state, which is also its heartbeat; nothing once another pull took the row. */
export async function writePull(
  db: DbHandle,
  pullId: string,
  state: ModelPullState,
): Promise<void> {
  await db
    .update(modelPulls)
    .set({ state, heartbeatAt: sql`now()` })
    .where(and(eq(modelPulls.modelId, state.model_id), eq(modelPulls.pullId, pullId)));
}

/** Every model's latest pull; a running one without a heartbeat within PULL_STALE_MS has stopped. */
export async function readPulls(db: DbHandle): Promise<Map<string, ModelPullState>> {
  const rows = await db
    .select({
      state: modelPulls.state,
      stopped: heartbeatLost,
    })
    .from(modelPulls);
  return new Map(
    rows.map(({ state, stopped }) => [
      state.model_id,
      state.status === 'running' && stopped ? { ...state, ...STOPPED } : state,
    ]),
  );
}
