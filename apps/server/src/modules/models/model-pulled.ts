import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbHandle } from '../../db/database';
import type { Logger } from '../../lib/create-logger';

/**
 * NOTIFY channel of a model whose files a console pull has just installed in MODELS_DIR: every
 * other process that opened the model's engine itself reopens it from that folder (decision 073),
 * so separate worker processes sharing MODELS_DIR serve the new files without a restart.
 */
export const MODEL_PULLED_CHANNEL = 'model_pulled';

const noticeSchema = z.object({ model: z.string(), origin: z.string() });

/**
 * Sends the notice at the commit of `tx`. `origin` names the sending process, which has already
 * reopened its own engine and so skips its own notice.
 */
export async function notifyModelPulled(
  tx: DbHandle,
  notice: { model: string; origin: string },
): Promise<void> {
  await tx.execute(sql`select pg_notify(${MODEL_PULLED_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * Calls `reopen` with the model of each notice another process sent; answers the function that
 * stops listening. `reopen` answers false when this process has no engine of its own for the
 * model. A reopen that fails is logged and the engine already open keeps serving (a worker whose
 * MODELS_DIR is not the pulling process's, say).
 */
export async function reopenPulledModels(options: {
  database: Database;
  origin: string;
  reopen: (model: string) => Promise<boolean>;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const { logger } = options;
  return options.database
    .listen(MODEL_PULLED_CHANNEL, (payload) => {
      const notice = noticeSchema.safeParse(safeJson(payload));
      if (!notice.success || notice.data.origin === options.origin) return;
      const { model } = notice.data;
      options.reopen(model).then(
        (reopened) => reopened && logger.info({ model }, 'model pulled elsewhere; engine reopened'),
        (error: unknown) =>
          logger.warn({ err: error, model }, 'model pulled elsewhere; reopening its engine failed'),
      );
    })
    .catch((error: unknown) => {
      logger.warn({ err: error }, `LISTEN ${MODEL_PULLED_CHANNEL} failed: pulls need a restart`);
      return async () => undefined;
    });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
