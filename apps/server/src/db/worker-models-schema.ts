import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which worker serves which catalog model: each worker refreshes its rows on its heartbeat and
 * deletes them on a clean shutdown. A model without a row seen within the liveness bound has no
 * live worker (GET /models `available: false`, a submit is refused with MODEL_UNAVAILABLE).
 */
export const workerModels = pgTable(
  'worker_models',
  {
    workerId: text('worker_id').notNull(),
    model: text('model').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workerId, table.model], name: 'worker_models_pkey' }),
    index('worker_models_model_seen_idx').on(table.model, table.seenAt),
  ],
);
