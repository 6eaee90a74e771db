import { WEBHOOK_ANSWER_EXCERPT_MAX } from '@nocturne/contract/webhooks/webhook-deliveries';
import { and, asc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import type { WebhookDeliveryRow } from './webhook-row';
import { webhookDeliveries, webhooks } from './webhooks-tables';

const inMs = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/** A claimed delivery with where it goes and the key it is signed with. */
export type ClaimedDelivery = WebhookDeliveryRow & { url: string; secret: string };

/**
 * Claims up to `limit` due deliveries in one statement (FOR UPDATE SKIP LOCKED: two processes
 * never take the same row) and counts the attempt. The claim is a lease: the next attempt is
 * moved `leaseMs` ahead, so a row whose process dies mid-send is due again after it. A row's
 * `attempts` after the claim is the claim's token (markDelivery).
 */
export async function claimDueDeliveries(
  db: DbHandle,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: inMs(options.leaseMs),
    })
    .from(webhooks)
    .where(and(inArray(webhookDeliveries.id, due), eq(webhooks.id, webhookDeliveries.webhookId)))
    .returning({
      ...getTableColumns(webhookDeliveries),
      url: webhooks.url,
      secret: webhooks.secret,
    });
}

/** What one attempt ended with: the receiver's status, or why there was no answer. */
export interface AttemptAnswer {
  status: number | null;
  error: string | null;
}

/**
 * Records an attempt of the claim `claimed`: delivered on a 2xx; otherwise due again after
 * `retryInMs`, or failed once that would pass `giveUpAfterMs` from the event. Guarded by the
 * claim's token, so a process whose lease lapsed (and whose row another one claimed) changes
 * nothing; a delivered row is never claimed again.
 */
export async function markDelivery(
  db: DbHandle,
  claimed: ClaimedDelivery,
  outcome: { answer: AttemptAnswer; body: string; retryInMs: number; giveUpAfterMs: number },
): Promise<'delivered' | 'retried' | 'failed' | 'lost'> {
  const { answer } = outcome;
  const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const givenUp = sql`${webhookDeliveries.createdAt} + ${`${outcome.giveUpAfterMs} milliseconds`}::interval <= ${inMs(outcome.retryInMs)}`;
  const status = delivered
    ? sql`'delivered'`
    : sql`case when ${givenUp} then 'failed' else 'pending' end`;
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: sql`${status}`,
      body: outcome.body,
      nextAttemptAt: delivered ? sql`now()` : inMs(outcome.retryInMs),
      lastStatus: answer.status,
      lastError: answer.error?.slice(0, WEBHOOK_ANSWER_EXCERPT_MAX) ?? null,
      finishedAt: sql`case when ${status} = 'pending' then null else now() end`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, claimed.id),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, claimed.attempts),
      ),
    )
    .returning({ status: webhookDeliveries.status });
  if (!row) return 'lost';
  return row.status === 'pending' ? 'retried' : row.status;
}
