import {
  isWithdrawn,
  type ModelHealthState,
  type ModelUnavailableReason,
} from '@nocturne/contract/models/model-health';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { and, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { workerModels } from './worker-models-tables';
import { seenWithin } from './model-liveness';
import { isModelDisabled, type ModelSwitches } from './model-switches';
import type { WorkerModelHealth } from './model-types';

/** A model's live workers, and their health taken together (null: none has reported one). */
export interface ModelReport {
  workers: number;
  health: WorkerModelHealth | null;
}

/** How bad each state is: of several workers of a model, the worst speaks for it. */
const SEVERITY: Record<ModelHealthState, number> = {
  ready: 0,
  failing: 1,
  unreachable: 2,
  not_installed: 3,
  misconfigured: 4,
};

/**
 * One model's health when two workers serve it: a job may land on either (decision 072), so the
 * worse of the two; of two alike, the one that has been so longer.
 */
export function worseHealth(one: WorkerModelHealth, other: WorkerModelHealth): WorkerModelHealth {
  const order = SEVERITY[one.state] - SEVERITY[other.state];
  if (order !== 0) return order > 0 ? one : other;
  return one.since <= other.since ? one : other;
}

/** The live workers (heard from within `boundMs`) of `models`, or of every model, per model. */
export async function readModelReports(
  db: DbHandle,
  boundMs: number,
  models?: readonly string[],
): Promise<Map<string, ModelReport>> {
  if (models?.length === 0) return new Map();
  const rows = await db
    .select({ model: workerModels.model, health: workerModels.health })
    .from(workerModels)
    .where(and(seenWithin(boundMs), models ? inArray(workerModels.model, [...models]) : undefined));
  const reports = new Map<string, ModelReport>();
  for (const { model, health } of rows) {
    const report = reports.get(model) ?? { workers: 0, health: null };
    report.workers += 1;
    if (health) report.health = report.health ? worseHealth(report.health, health) : health;
    reports.set(model, report);
  }
  return reports;
}

export type Availability =
  { available: true; reason: null } | { available: false; reason: ModelUnavailableReason };

/**
 * Whether a submit to the model can be served now: not switched off by an operator, a live
 * worker serves it, and no worker finds its engine not installed, unreachable or misconfigured.
 * A `failing` model stays offered (its server answers); operators are alerted.
 */
export function availabilityOf(
  id: string,
  report: ModelReport | undefined,
  switches: ModelSwitches,
): Availability {
  if (isModelDisabled(switches, id)) return { available: false, reason: 'disabled' };
  if (!report) return { available: false, reason: 'no_worker' };
  const state = report.health?.state;
  if (state && isWithdrawn(state)) return { available: false, reason: state };
  return { available: true, reason: null };
}

/** The first of `candidates` (registry.candidatesFor) that is available, if any. */
export function firstAvailable(
  candidates: readonly CatalogEntry[],
  availability: (id: string) => Availability,
): CatalogEntry | undefined {
  return candidates.find((entry) => availability(entry.id).available);
}
