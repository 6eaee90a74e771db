import { setTimeout as sleep } from 'node:timers/promises';
import { deleteExpiredUnverifiedAccounts } from '../modules/auth/delete-expired-unverified-accounts';
import type { JobHandler } from './start-worker';

/** Hourly is plenty for a rule measured in days. */
export const ACCOUNT_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Account housekeeping in the worker role: unverified sign-ups expire. Idempotent deletes, so
 * several processes running it at once is harmless.
 */
export function createAccountMaintenanceJobHandler(
  intervalMs = ACCOUNT_MAINTENANCE_INTERVAL_MS,
): JobHandler {
  return {
    id: 'account-maintenance',
    async run({ database, logger, signal }) {
      while (!signal.aborted) {
        try {
          const deleted = await deleteExpiredUnverifiedAccounts({ db: database.db });
          if (deleted > 0) logger.info({ deleted }, 'expired unverified accounts deleted');
        } catch (error) {
          logger.error({ err: error }, 'account maintenance failed');
        }
        await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
      }
    },
  };
}
