import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's own metrics (docs/decisions/057-prometheus-metrics.md). Prometheus scrapes every
 * process, so counters count what this process did; sums across processes happen in the queries.
 * Recording is cheap and always on; only `enableProcessMetrics` (with METRICS_TOKEN) starts the
 * default collectors' event-loop monitor.
 */
export const processRegistry = new Registry();
const registers = [processRegistry];

export const httpRequestDuration = new Histogram({
  name: 'nocturne_http_request_duration_seconds',
  help: 'HTTP request latency by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const generationsSubmitted = new Counter({
  name: 'nocturne_generations_submitted_total',
  help: 'Images queued by submits, by model and tier (free or premium)',
  labelNames: ['model', 'tier'] as const,
  registers,
});

export const queueWait = new Histogram({
  name: 'nocturne_generation_queue_wait_seconds',
  help: 'Seconds from submit to the first claim by a worker, by model',
  labelNames: ['model'] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
  registers,
});

export const jobDuration = new Histogram({
  name: 'nocturne_generation_job_duration_seconds',
  help: 'Seconds one run of a generation job took, by model and outcome',
  labelNames: ['model', 'outcome'] as const,
  buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300],
  registers,
});

export const jobsFinished = new Counter({
  name: 'nocturne_generation_jobs_total',
  help: 'Runs of generation jobs by model and outcome (completed, failed, cancelled, retried, lost)',
  labelNames: ['model', 'outcome'] as const,
  registers,
});

export const jobFailures = new Counter({
  name: 'nocturne_generation_failures_total',
  help: 'Generations that finally failed (and were refunded), by model and reason',
  labelNames: ['model', 'reason'] as const,
  registers,
});

export const workerSlots = new Gauge({
  name: 'nocturne_worker_slots',
  help: 'Generation jobs this process runs at once (WORKER_CONCURRENCY), by model; 0 when stopped',
  labelNames: ['model'] as const,
  registers,
});

export const creditsDebited = new Counter({
  name: 'nocturne_credits_debited_total',
  help: 'Credits taken from balances, by ledger reason',
  labelNames: ['reason'] as const,
  registers,
});

export const creditsGranted = new Counter({
  name: 'nocturne_credits_granted_total',
  help: 'Credits added to balances, by ledger reason',
  labelNames: ['reason'] as const,
  registers,
});

export const paymentUpdates = new Counter({
  name: 'nocturne_payment_updates_total',
  help: 'Payment status changes applied, by status and source (ipn, reconciliation or manual)',
  labelNames: ['status', 'source'] as const,
  registers,
});

/** Attempts of webhook deliveries by how they ended (modules/webhooks, docs/webhooks.md). */
export const webhookDeliveryAttempts = new Counter({
  name: 'nocturne_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered, retried (due again), failed (given up), lost (lease lapsed)',
  labelNames: ['outcome'] as const,
  registers,
});

export const promptsUnsupportedLanguage = new Counter({
  name: 'nocturne_prompts_unsupported_language_total',
  help: 'Prompts declined because they are written mostly in a script the content rules do not read, by script',
  labelNames: ['script'] as const,
  registers,
});

export const realtimeConnections = new Gauge({
  name: 'nocturne_realtime_connections',
  help: 'Socket.IO connections open on this process',
  registers,
});

let defaultsEnabled = false;

/** Process metrics under prom-client's standard names (process_*, nodejs_*), once per process. */
export function enableProcessMetrics() {
  if (defaultsEnabled) return;
  defaultsEnabled = true;
  collectDefaultMetrics({ register: processRegistry });
}

/** A ledger change, counted once its transaction has committed. */
export function countCreditChange(reason: string, amount: number) {
  if (amount < 0) creditsDebited.inc({ reason }, -amount);
  else creditsGranted.inc({ reason }, amount);
}

/** Images of a submit, counted once its transaction has committed. */
export function countSubmittedImages(model: string, premium: boolean, images: number) {
  generationsSubmitted.inc({ model, tier: premium ? 'premium' : 'free' }, images);
}

/** Counts a socket as open until it disconnects. */
export function trackRealtimeConnection(socket: {
  once(event: 'disconnect', run: () => void): void;
}) {
  realtimeConnections.inc();
  socket.once('disconnect', () => realtimeConnections.dec());
}
