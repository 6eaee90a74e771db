import { Gauge, Registry } from 'prom-client';
import type { DbHandle } from '../../db/database';
import { readOpenPayments } from '../billing/payments-repository';
import { readQueues } from '../generations/repository/queue-figures';
import { readModelReports } from '../models/model-availability';

/**
 * The service's shared state, read from the database at scrape time (two indexed aggregate
 * queries), so it is right whichever process changed it. Each API process reports the same
 * values; queries take `max` over processes.
 */
export function createServiceGauges() {
  const registry = new Registry();
  const registers = [registry];
  const queueDepth = new Gauge({
    name: 'nocturne_generation_queue_depth',
    help: 'Generations waiting in the queue (back-offs included), by model',
    labelNames: ['model'] as const,
    registers,
  });
  const running = new Gauge({
    name: 'nocturne_generations_running',
    help: 'Generations a worker holds now, by model',
    labelNames: ['model'] as const,
    registers,
  });
  const oldestQueued = new Gauge({
    name: 'nocturne_generation_queue_oldest_seconds',
    help: 'Seconds since the oldest waiting generation was submitted (0 when none waits), by model',
    labelNames: ['model'] as const,
    registers,
  });
  const modelUp = new Gauge({
    name: 'nocturne_model_up',
    help: 'Whether a live worker serves the model and finds its engine ready (1) or not (0), by model',
    labelNames: ['model'] as const,
    registers,
  });
  const reconcileBacklog = new Gauge({
    name: 'nocturne_payments_reconcile_backlog',
    help: 'Open payments with a provider id that are due for a check with the provider',
    registers,
  });
  const reconcileOldest = new Gauge({
    name: 'nocturne_payments_reconcile_oldest_seconds',
    help: 'Seconds since the least recently checked open payment was last touched (0 when none)',
    registers,
  });

  /**
   * Reads the state into the gauges, per catalog model (0 for a model with nothing queued; up 0
   * for a model no live worker serves, or whose workers find its engine other than ready).
   */
  async function refresh(db: DbHandle, models: readonly string[], livenessMs: number) {
    const [queues, open, reports] = await Promise.all([
      readQueues(db),
      readOpenPayments(db),
      readModelReports(db, livenessMs, models),
    ]);
    for (const model of models) {
      const report = reports.get(model);
      const ready = report !== undefined && (report.health?.state ?? 'ready') === 'ready';
      modelUp.set({ model }, ready ? 1 : 0);
    }
    const byModel = new Map(queues.map((queue) => [queue.model, queue]));
    for (const model of new Set([...models, ...byModel.keys()])) {
      const queue = byModel.get(model);
      queueDepth.set({ model }, queue?.queued ?? 0);
      running.set({ model }, queue?.running ?? 0);
      oldestQueued.set({ model }, queue?.oldest ?? 0);
    }
    reconcileBacklog.set(open?.due ?? 0);
    reconcileOldest.set(open?.oldest ?? 0);
  }
  return { registry, refresh };
}
