import type { AdminModel, AdminModelList } from '@nocturne/contract/admin/models';
import { and, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { workerModels } from '../../../db/worker-models-schema';
import type { AppModels } from '../../models/app-models';
import { seenWithin } from '../../models/model-liveness';
import { isModelDisabled } from '../../models/model-switches';
import type { ModelPulls } from './model-pulls';
import { modelWeights } from './model-weights';

/** The workers that served each model within `boundMs`, with their last heartbeat and engine. */
async function liveWorkers(db: DbHandle, ids: string[], boundMs: number) {
  const rows = await db
    .select()
    .from(workerModels)
    .where(and(inArray(workerModels.model, ids), seenWithin(boundMs)))
    .orderBy(workerModels.workerId);
  const byModel = new Map<string, AdminModel['workers']>();
  for (const row of rows) {
    const list = byModel.get(row.model) ?? [];
    const { engine } = row;
    list.push({
      id: row.workerId,
      last_seen_at: row.seenAt.toISOString(),
      engine: engine && {
        backend: engine.backend,
        model: engine.model,
        is_preview: engine.isPreview,
        fallback_reason: engine.fallbackReason,
      },
    });
    byModel.set(row.model, list);
  }
  return byModel;
}

/** GET /api/v1/admin/models: every catalog entry with its switch, workers, weights and pull. */
export async function listAdminModels(options: {
  db: DbHandle;
  models: AppModels;
  pulls: ModelPulls;
}): Promise<AdminModelList> {
  const { db, models, pulls } = options;
  const entries = models.registry.catalog.models;
  const switches = await models.switches.read(db);
  const latestPulls = await pulls.states(db);
  const workers = await liveWorkers(
    db,
    entries.map((entry) => entry.id),
    models.livenessMs,
  );
  const list = await Promise.all(
    entries.map(async (entry): Promise<AdminModel> => {
      const stored = switches.get(entry.id);
      const disabled = isModelDisabled(switches, entry.id);
      const served = workers.get(entry.id) ?? [];
      const reason = disabled ? 'disabled' : served.length === 0 ? 'no_worker' : null;
      return {
        id: entry.id,
        name: entry.name,
        description: entry.description,
        tier: entry.tier,
        credit_cost: entry.creditCost,
        backend: entry.backend,
        licence: entry.licence
          ? {
              name: entry.licence.name,
              url: entry.licence.url ?? null,
              commercial_use: entry.licence.commercialUse,
            }
          : null,
        enabled: !disabled,
        switch: stored
          ? {
              reason: stored.reason,
              changed_by: stored.changedBy,
              changed_at: stored.changedAt.toISOString(),
            }
          : null,
        available: reason === null,
        unavailable_reason: reason,
        workers: served,
        weights: await modelWeights(models, entry),
        pull: latestPulls.get(entry.id) ?? null,
      };
    }),
  );
  return { models: list };
}
