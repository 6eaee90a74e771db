import { setTimeout as sleep } from 'node:timers/promises';
import type { NowPaymentsClient } from '../modules/payments/nowpayments-client';
import { reconcilePayments } from '../modules/payments/reconcile-payments';
import type { UnitOfWork } from '../modules/realtime/create-unit-of-work';
import type { JobHandler } from './start-worker';

/**
 * The payments schedule: every `intervalMs`, reconcile open payments with the provider and expire
 * lapsed plans (modules/payments/reconcile-payments.ts). A failing tick is logged and the next
 * one tries again. Every process of role worker or all runs it; the tick's advisory lock and row
 * claims let one process act per tick.
 */
export function createPaymentsJobHandler(deps: {
  unitOfWork: UnitOfWork;
  client: NowPaymentsClient;
  intervalMs: number;
}): JobHandler {
  return {
    id: 'payments',
    async run({ logger, signal }) {
      while (!signal.aborted) {
        try {
          const result = await reconcilePayments({ ...deps, logger });
          if (result.applied + result.expiredSubscriptions + result.deletedPayments > 0) {
            logger.info(result, 'payments reconciled');
          }
        } catch (error) {
          logger.error({ err: error }, 'payments reconciliation tick failed');
        }
        await sleep(deps.intervalMs, undefined, { signal }).catch(() => undefined);
      }
    },
  };
}
