import { setTimeout as sleep } from 'node:timers/promises';
import type { Mailer } from '../modules/mail/create-mailer';
import { sendRenewalReminders } from '../modules/notices/send-renewal-reminders';
import type { NowPaymentsClient } from '../modules/billing/nowpayments-client';
import { reconcilePayments } from '../modules/billing/reconcile-payments';
import type { UnitOfWork } from '../db/create-unit-of-work';
import type { JobHandler } from './start-worker';

/**
 * The payments schedule: every `intervalMs`, reconcile open payments with the provider, expire
 * lapsed plans, delete IPN audit rows past their retention (modules/payments/reconcile-payments.ts)
 * and mail renewal reminders (modules/notices). A failing tick is logged and the next one tries again. Every process of role
 * worker or all runs it; the tick's advisory lock, row claims and mail_notices claims let one
 * process act on each thing.
 */
export function createPaymentsJobHandler(deps: {
  unitOfWork: UnitOfWork;
  client: NowPaymentsClient;
  intervalMs: number;
  /** IPN_AUDIT_RETENTION_DAYS: older IPN audit rows are deleted by the reconciliation tick. */
  ipnAuditRetentionDays: number;
  /** Renewal reminders: sent through this mailer, linking to publicUrl. */
  notices: { mailer: Mailer; publicUrl: string };
}): JobHandler {
  return {
    id: 'payments',
    async run({ database, logger, signal }) {
      while (!signal.aborted) {
        try {
          const result = await reconcilePayments({ ...deps, logger });
          const changed =
            result.applied +
            result.expiredSubscriptions +
            result.deletedPayments +
            result.deletedIpnDeliveries;
          if (changed > 0) {
            logger.info(result, 'payments reconciled');
          }
        } catch (error) {
          logger.error({ err: error }, 'payments reconciliation tick failed');
        }
        try {
          const reminded = await sendRenewalReminders({
            ...deps.notices,
            db: database.db,
            logger,
          });
          if (reminded > 0) logger.info({ reminded }, 'renewal reminders sent');
        } catch (error) {
          logger.error({ err: error }, 'renewal reminders failed');
        }
        await sleep(deps.intervalMs, undefined, { signal }).catch(() => undefined);
      }
    },
  };
}
