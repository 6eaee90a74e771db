import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ServedEngine, WorkerModelHealth } from './model-types';

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
