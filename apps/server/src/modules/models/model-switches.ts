import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { modelSwitches } from './model-switches-tables';
import type { NotifiedCache } from '../../lib/notified-cache';

/** NOTIFY channel of a switch change: every process forgets its cached switches at once. */
export const MODEL_SWITCHES_CHANNEL = 'model_switches_changed';

/** An operator's switch of one model; a model without one is enabled. */
export interface StoredModelSwitch {
  enabled: boolean;
  reason: string;
  changedBy: string;
  changedAt: Date;
}

export type ModelSwitches = ReadonlyMap<string, StoredModelSwitch>;

/**
 * This process's copy of every switch (a submit reads it without a query); a miss loads through
 * the handle given (the submit's own transaction).
 */
export type ModelSwitchesCache = NotifiedCache<ModelSwitches, [DbHandle]>;

/** Whether the operator has the model switched off. */
export function isModelDisabled(switches: ModelSwitches, modelId: string): boolean {
  return switches.get(modelId)?.enabled === false;
}

export async function readModelSwitches(db: DbHandle): Promise<ModelSwitches> {
  const rows = await db.select().from(modelSwitches);
  return new Map(rows.map(({ modelId, ...stored }) => [modelId, stored]));
}

/** Sets the model's switch, inside the operator's transaction, and NOTIFYs at its commit. */
export async function writeModelSwitch(
  tx: DbHandle,
  modelId: string,
  change: { enabled: boolean; reason: string; changedBy: string },
): Promise<StoredModelSwitch> {
  const values = { ...change, changedAt: new Date() };
  const [row] = await tx
    .insert(modelSwitches)
    .values({ modelId, ...values })
    .onConflictDoUpdate({ target: modelSwitches.modelId, set: values })
    .returning();
  await tx.execute(sql`select pg_notify(${MODEL_SWITCHES_CHANNEL}, ${modelId})`);
  const { modelId: _id, ...stored } = row!;
  return stored;
}
