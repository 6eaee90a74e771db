import { WEBHOOK_DELIVERIES_SHOWN } from '@nocturne/contract/webhooks/webhook-deliveries';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import type { WebhookDeliveryRow, WebhookRow } from './webhook-row';
import { webhookDeliveries, webhooks } from './webhooks-tables';

/** The person's webhooks, oldest first. */
export function findWebhooks(db: DbHandle, userId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

/** The person's webhooks for their export: where and what, never the signing secret. */
export async function exportWebhooksOf(db: DbHandle, userId: string) {
  const rows = await findWebhooks(db, userId);
  return rows.map((row) => toExportRecord(webhooks, row, ['secret']));
}

/** The person's webhook `id`, or undefined when it is not theirs. */
export async function findOwnedWebhook(
  db: DbHandle,
  userId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  return row;
}

/** Deletes the person's webhook `id` and, with it, its deliveries; false when it is not theirs. */
export async function deleteOwnedWebhook(
  db: DbHandle,
  userId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** The webhook's most recent deliveries, newest first. */
export function findRecentDeliveries(
  db: DbHandle,
  webhookId: string,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_SHOWN);
}
