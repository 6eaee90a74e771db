import { setTimeout as sleep } from 'node:timers/promises';
import { WEBHOOK_HEADERS } from '@nocturne/contract/webhooks/webhook-event';
import type { DbHandle } from '../../db/database';
import type { Logger } from '../../lib/create-logger';
import type { JobHandler } from '../../worker/start-worker';
import type { ImageStore } from '../images/image-store';
import { claimDueDeliveries, markDelivery, type ClaimedDelivery } from './delivery-claims';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './post-webhook';
import { webhookSignature } from './sign-webhook';
import { webhookEventBody } from './webhook-event-body';
import { webhookDeliveryAttempts } from '../process-metrics/process-metrics';
import { WEBHOOK_RETRY_SCHEDULE, type WebhookRetrySchedule } from './webhook-retry-schedule';

/** What the delivery loop needs; tests pass a short schedule and poll through the same seam. */
export interface WebhookDeliveryDeps {
  /** Signs the links of the generation an event carries. */
  urlFor: ImageStore['urlFor'];
  /** WEBHOOKS_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  schedule?: WebhookRetrySchedule;
  /** How often an idle loop looks for due deliveries. */
  pollIntervalMs?: number;
  /** Deliveries claimed at once. */
  batchSize?: number;
  /** How long a claim holds its rows: longer than a send may take. */
  leaseMs?: number;
  /** Seconds since the epoch, for the signature's `t`. */
  now?: () => number;
}

const DEFAULT_POLL_MS = 1000;
const DEFAULT_BATCH = 10;

/**
 * The webhook outbox's sender, run by every process that runs jobs (worker and role all): claims
 * due deliveries, POSTs each signed event and records the answer (delivery-claims.ts).
 */
export function createWebhookDeliveryHandler(deps: WebhookDeliveryDeps): JobHandler {
  const pollIntervalMs = deps.pollIntervalMs ?? DEFAULT_POLL_MS;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;
  return {
    id: 'webhook-deliveries',
    async run({ database, logger, signal }) {
      while (!signal.aborted) {
        let claimed = 0;
        try {
          claimed = await deliverDueBatch(database.db, deps, logger);
        } catch (error) {
          logger.error({ err: error }, 'webhook deliveries failed');
        }
        // A full batch may have more behind it; otherwise wait for the next poll.
        if (claimed < batchSize) {
          await sleep(pollIntervalMs, undefined, { signal }).catch(() => undefined);
        }
      }
    },
  };
}

/** Claims one batch and sends its deliveries side by side; answers how many were claimed. */
export async function deliverDueBatch(
  db: DbHandle,
  deps: WebhookDeliveryDeps,
  logger: Logger,
): Promise<number> {
  const claimed = await claimDueDeliveries(db, {
    limit: deps.batchSize ?? DEFAULT_BATCH,
    leaseMs: deps.leaseMs ?? WEBHOOK_TIMEOUT_MS * 6,
  });
  await Promise.all(claimed.map((delivery) => deliverOne(db, deps, delivery, logger)));
  return claimed.length;
}

async function deliverOne(
  db: DbHandle,
  deps: WebhookDeliveryDeps,
  delivery: ClaimedDelivery,
  logger: Logger,
) {
  const body = webhookEventBody(delivery, deps.urlFor);
  const unixSeconds = deps.now?.() ?? Math.floor(Date.now() / 1000);
  const answer = await postWebhook({
    url: delivery.url,
    body,
    allowPrivate: deps.allowPrivate,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Nocturne-Webhooks',
      [WEBHOOK_HEADERS.eventId]: delivery.eventId,
      [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, unixSeconds, body),
    },
  });
  const schedule = deps.schedule ?? WEBHOOK_RETRY_SCHEDULE;
  const outcome = await markDelivery(db, delivery, {
    answer,
    body,
    retryInMs: schedule.delayAfter(delivery.attempts),
    giveUpAfterMs: schedule.giveUpAfterMs,
  });
  webhookDeliveryAttempts.inc({ outcome });
  if (outcome !== 'delivered') {
    logger.warn(
      { webhookId: delivery.webhookId, eventId: delivery.eventId, answer, outcome },
      'webhook delivery not accepted',
    );
  }
}
