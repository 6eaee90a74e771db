import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { UpscaleFactor } from '@nocturne/contract/generations/derive-generation';
import type { ModelHealthState } from '@nocturne/contract/models/model-health';

/** What a model's engine is, as a worker reports it and people and operators are told. */
export interface ServedEngine {
  backend: string;
  /** The model the engine runs, in the backend's own name (a checkpoint, an ONNX folder). */
  model: string;
  isPreview: boolean;
  /** What the web app shows as-is for a preview engine (its own, or the default notice). */
  notice: string | null;
  /** Why the configured model is not in use (`auto` fell back to the preview model). */
  fallbackReason: string | null;
  /** Variations (image-to-image). */
  variations: boolean;
  upscale: UpscaleFactor[];
  /**
   * It renders every quality in one step (SDXS): image-to-image from an intermediate timestep
   * smears, so Vary and Upscale are offered only where the catalog entry turns them on. Absent
   * from reports made before it was kept.
   */
  oneStep?: boolean;
}

/**
 * Whether the worker's engine for the model can make images now, as its probes and its last jobs
 * say (engine-health-monitor.ts), with the operator's cause and since when (ISO time).
 */
export interface WorkerModelHealth {
  state: ModelHealthState;
  cause: string | null;
  since: string;
}

/**
 * Which worker serves which catalog model: each worker refreshes its rows on its heartbeat and
 * deletes them on a clean shutdown. A model without a row seen within the liveness bound has no
 * live worker (GET /models `available: false`, a submit is refused with MODEL_UNAVAILABLE).
 * Each row also says what the worker's engine is, which is what people and operators are told
 * (served-engines.ts): the API process's own engines may differ on another machine.
 */
export const workerModels = pgTable(
  'worker_models',
  {
    workerId: text('worker_id').notNull(),
    model: text('model').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).defaultNow().notNull(),
    /**
     * The worker's engine for the model as it runs (after warm-up: a fallback to the preview
     * model shows here). Null from a worker that predates the report.
     */
    engine: jsonb('engine').$type<ServedEngine>(),
    /** The engine's health at the last heartbeat. Null from a worker that predates the report. */
    health: jsonb('health').$type<WorkerModelHealth>(),
  },
  (table) => [
    primaryKey({ columns: [table.workerId, table.model], name: 'worker_models_pkey' }),
    index('worker_models_model_seen_idx').on(table.model, table.seenAt),
  ],
);
