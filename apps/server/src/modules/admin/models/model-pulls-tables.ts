import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ModelPullState } from '@nocturne/contract/admin/models';

/**
 * The console's latest pull of each model, whichever API process runs it (decision 073): the
 * process running it writes its progress here as it publishes it, and every API process reads
 * the console's state from here. `heartbeat_at` moves while the pull runs, so a `running` row
 * whose process stopped is told from one still at work.
 */
export const modelPulls = pgTable('model_pulls', {
  modelId: text('model_id').primaryKey(),
  /** The pull now in this row: only the process that started it writes its progress. */
  pullId: uuid('pull_id').notNull(),
  state: jsonb('state').$type<ModelPullState>().notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).defaultNow().notNull(),
});
