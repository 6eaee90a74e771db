import type { AdminModel, AdminModelList } from '@nocturne/contract/admin/models';
import type { DbHandle } from '../../../db/database';
import type { AppModels } from '../../models/app-models';
import { readLiveWorkerRows } from '../../models/model-liveness';
import { isModelDisabled } from '../../models/model-switches';
import { availabilityOf, worseHealth, type ModelReport } from '../../models/model-availability';
import type { ModelPulls } from './model-pulls';
import { modelWeights } from './model-weights';
import { licenceView } from '../../models/licence-view';

/**
 * The workers that served each model within `boundMs`, with their last heartbeat, engine and
 * health, and the model's report (model-availability.ts: its workers' health taken together).
 */
async function liveWorkers(db: DbHandle, ids: string[], boundMs: number) {
  const rows = await readLiveWorkerRows(db, ids, boundMs);
  const byModel = new Map<string, AdminModel['workers']>();
  const reports = new Map<string, ModelReport>();
  for (const row of rows) {
    const list = byModel.get(row.model) ?? [];
    const { engine, health } = row;
    list.push({
      id: row.workerId,
      last_seen_at: row.seenAt.toISOString(),
      engine: engine && {
        backend: engine.backend,
        model: engine.model,
        is_preview: engine.isPreview,
        fallback_reason: engine.fallbackReason,
      },
      health,
    });
    byModel.set(row.model, list);
    const report = reports.get(row.model);
    const combined = report?.health && health ? worseHealth(report.health, health) : health;
    reports.set(row.model, {
      workers: (report?.workers ?? 0) + 1,
      health: combined ?? report?.health ?? null,
    });
  }
  return { byModel, reports };
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
  const live = await liveWorkers(
    db,
    entries.map((entry) => entry.id),
    models.livenessMs,
  );
  const list = await Promise.all(
    entries.map(async (entry): Promise<AdminModel> => {
      const stored = switches.get(entry.id);
      const disabled = isModelDisabled(switches, entry.id);
      const served = live.byModel.get(entry.id) ?? [];
      const report = live.reports.get(entry.id);
      const { reason } = availabilityOf(entry.id, report, switches);
      return {
        id: entry.id,
        name: entry.name,
        description: entry.description,
        tier: entry.tier,
        credit_cost: entry.creditCost,
        backend: entry.backend,
        licence: licenceView(entry.licence),
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
        health: report?.health ?? null,
        workers: served,
        weights: await modelWeights(models, entry),
        pull: latestPulls.get(entry.id) ?? null,
      };
    }),
  );
  return { models: list };
}
