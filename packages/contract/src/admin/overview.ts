import { z } from 'zod';
import { CREDIT_REASONS } from '../credits/get-credit-history';
import { modelHealthSchema, type ModelHealthState } from '../models/model-health';

/** How far back each window of the overview looks. */
export const OVERVIEW_JOBS_MINUTES = 15;
export const OVERVIEW_FAILURES_HOURS = 24;
export const OVERVIEW_MONEY_DAYS = 30;
/** How often the `admin:overview` channel pushes a fresh snapshot while someone listens. */
export const OVERVIEW_PUSH_INTERVAL_MS = 5_000;

const count = z.number().int().nonnegative();

/** One catalog model as the service runs it now. */
export const overviewModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  queued: count,
  running: count,
  /** Seconds from submit to a worker's first claim, over the last hour's first claims. */
  wait_p50_s: z.number().nonnegative().nullable(),
  wait_p95_s: z.number().nonnegative().nullable(),
  /** Workers whose heartbeat for this model is within the liveness bound. */
  workers: count,
  /** The engine this API process runs for the model, as GET /image-engine describes it. */
  engine: z.object({
    backend: z.string(),
    is_preview: z.boolean(),
    /** Why the configured engine is not in use; null when it is. */
    fallback_reason: z.string().nullable(),
  }),
  /**
   * Whether its engine can make images, as its live workers find it (the worst of them), with
   * the cause and since when; null while none has reported it.
   */
  health: modelHealthSchema.nullable(),
});
export type OverviewModel = z.infer<typeof overviewModelSchema>;

/** GET /api/v1/admin/overview and each snapshot of the `admin:overview` channel. */
export const adminOverviewSchema = z
  .object({
    generated_at: z.iso.datetime({ offset: true }),
    models: z.array(overviewModelSchema),
    /** Finished images per minute, oldest first, OVERVIEW_JOBS_MINUTES entries (0 for none). */
    jobs_per_minute: z.array(
      z.object({ minute: z.iso.datetime({ offset: true }), completed: count, failed: count }),
    ),
    /**
     * Failed images over the last OVERVIEW_FAILURES_HOURS, most frequent reason first: the kind
     * of failure (unreachable, misconfigured, timeout…) with the latest engine's words for it
     * (`detail`), or the person's sentence for failures kept without a kind.
     */
    failures: z.array(z.object({ reason: z.string(), detail: z.string().nullable(), count })),
    people: z.object({
      /** Accounts created since midnight UTC. */
      sign_ups_today: count,
      premium_monthly: count,
      premium_lifetime: count,
    }),
    /** Finished payments over the last OVERVIEW_MONEY_DAYS, by price currency. */
    revenue: z.array(z.object({ currency: z.string(), amount: z.string(), payments: count })),
    credit_packs_sold: count,
    /** Ledger totals over the last OVERVIEW_MONEY_DAYS by reason (spent amounts are negative). */
    credits: z.array(z.object({ reason: z.enum(CREDIT_REASONS), amount: z.number().int() })),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** One thing on the overview that calls for the operator: its words, and since when if known. */
export interface OverviewAlert {
  text: string;
  since: string | null;
}

const HEALTH_WORDS: Record<Exclude<ModelHealthState, 'ready'>, string> = {
  not_installed: 'is not installed: submits are refused',
  unreachable: 'is unreachable: submits are refused',
  misconfigured: 'is misconfigured: submits are refused',
  failing: 'is failing: its last images failed',
};

/**
 * Whether the overview calls for the operator's attention: a model without workers, one whose
 * engine is not ready (with the cause and since when), or one that fell back to the preview.
 */
export function overviewAlerts(overview: AdminOverview): OverviewAlert[] {
  const alerts: OverviewAlert[] = [];
  for (const model of overview.models) {
    if (model.workers === 0) {
      alerts.push({ text: `${model.name} has no live worker: submits are refused.`, since: null });
    } else if (model.health && model.health.state !== 'ready') {
      const cause = model.health.cause ? ` (${model.health.cause})` : '';
      const text = `${model.name} ${HEALTH_WORDS[model.health.state]}${cause}.`;
      alerts.push({ text, since: model.health.since });
    }
    if (model.engine.fallback_reason) {
      const text = `${model.name} runs the preview engine: ${model.engine.fallback_reason}`;
      alerts.push({ text, since: null });
    }
  }
  return alerts;
}
