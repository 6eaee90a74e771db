import type { Database } from '../../db/database';
import type { Logger } from '../../lib/create-logger';
import {
  createModerationRules,
  MODERATION_RULES_CHANNEL,
  type ModerationRules,
} from './moderation-rules';
import { readNamesFile } from './real-people';

/**
 * A process's content rules, loaded and kept current: operators' list changes made by any process
 * arrive by NOTIFY and are read again. The API screens submits with them and a worker screens each
 * job before it renders. A LISTEN that fails is logged and costs only freshness: the lists as
 * loaded stay in force until a restart.
 */
export async function openModerationRules(options: {
  database: Pick<Database, 'db' | 'listen'>;
  extraNamesFile?: string;
  logger: Pick<Logger, 'error' | 'warn'>;
}): Promise<{ rules: ModerationRules; close(): Promise<void> }> {
  const { database, logger } = options;
  const extraNames = options.extraNamesFile ? readNamesFile(options.extraNamesFile) : [];
  const rules = createModerationRules({ db: database.db, extraNames });
  await rules.reload();
  const reload = () => {
    rules.reload().catch((error: unknown) => {
      logger.error({ err: error }, 'reloading the moderation lists failed');
    });
  };
  const unlisten = await database
    .listen(MODERATION_RULES_CHANNEL, reload)
    .catch((error: unknown) => {
      logger.warn(
        { err: error },
        `LISTEN ${MODERATION_RULES_CHANNEL} failed: operators' list changes made elsewhere apply here after a restart`,
      );
      return async () => undefined;
    });
  return { rules, close: unlisten };
}
