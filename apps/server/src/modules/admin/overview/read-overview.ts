import { OVERVIEW_JOBS_MINUTES, type AdminOverview } from '@nocturne/contract/admin/overview';
import type { DbHandle } from '../../../db/database';
import { readRevenue } from '../../billing/payments-repository';
import { readCreditTotals } from '../../credits/repository/person-credits';
import {
  readFailures,
  readJobMinutes,
  readQueues,
  readWaits,
} from '../../generations/repository/queue-figures';
import type { AppModels } from '../../models/app-models';
import { readModelReports } from '../../models/model-availability';
import { countLiveWorkers } from '../../models/model-liveness';
import { engineOfModel, readServedEngines } from '../../models/served-engines';
import { readPeople } from './read-overview-figures';

const MINUTE_MS = 60_000;

/** The last OVERVIEW_JOBS_MINUTES minute starts, oldest first, with 0 where nothing finished. */
function fillMinutes(rows: { minute: string; completed: number; failed: number }[], now: Date) {
  const byMinute = new Map(rows.map((row) => [Date.parse(row.minute), row]));
  const last = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return Array.from({ length: OVERVIEW_JOBS_MINUTES }, (_, index) => {
    const start = last - (OVERVIEW_JOBS_MINUTES - 1 - index) * MINUTE_MS;
    const row = byMinute.get(start);
    return {
      minute: new Date(start).toISOString(),
      completed: row?.completed ?? 0,
      failed: row?.failed ?? 0,
    };
  });
}

/**
 * The console's overview: eight aggregate queries and the workers' engine and health reports run
 * side by side, each over an index or a bounded window, each in the repository of the module whose
 * table it reads (decision 057's queue query is the one the metrics gauges read too).
 */
export async function readOverview(db: DbHandle, models: AppModels): Promise<AdminOverview> {
  const [queues, waits, workers, minutes, failures, people, revenue, credits, served, reports] =
    await Promise.all([
      readQueues(db),
      readWaits(db),
      countLiveWorkers(db, models.livenessMs),
      readJobMinutes(db),
      readFailures(db),
      readPeople(db),
      readRevenue(db),
      readCreditTotals(db),
      readServedEngines(db, models.livenessMs),
      readModelReports(db, models.livenessMs),
    ]);
  const now = new Date();
  return {
    generated_at: now.toISOString(),
    models: models.registry.catalog.models.map((entry) => {
      const queue = queues.find((row) => row.model === entry.id);
      const wait = waits.find((row) => row.model === entry.id);
      const engine = engineOfModel(models, served, entry.id);
      return {
        id: entry.id,
        name: entry.name,
        queued: queue?.queued ?? 0,
        running: queue?.running ?? 0,
        wait_p50_s: wait ? wait.p50 : null,
        wait_p95_s: wait ? wait.p95 : null,
        workers: workers.find((row) => row.model === entry.id)?.workers ?? 0,
        engine: {
          backend: engine?.backend ?? entry.backend,
          is_preview: engine?.isPreview ?? entry.backend === 'preview',
          fallback_reason: engine?.fallbackReason ?? null,
        },
        health: reports.get(entry.id)?.health ?? null,
      };
    }),
    jobs_per_minute: fillMinutes(minutes, now),
    failures,
    people,
    revenue: revenue.map(({ packs: _packs, ...row }) => row),
    credit_packs_sold: revenue.reduce((sum, row) => sum + row.packs, 0),
    credits,
  };
}
