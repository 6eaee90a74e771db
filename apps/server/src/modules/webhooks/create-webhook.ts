import type { WebhookEventType } from '@nocturne/contract/webhooks/webhook';
import { WEBHOOKS_PER_PERSON_MAX } from '@nocturne/contract/webhooks/webhook';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { webhookUrlProblem } from './webhook-url-rules';
import { webhooks } from './webhooks-tables';
import { lockPerson } from '../../db/lock-person';

/** A new signing secret: `whsec_` and 32 random bytes in hex. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/**
 * POST /webhooks: the URL's scheme and host checked as written (the address it resolves to is
 * checked at every delivery), then saved under the person's webhook lock, so concurrent creates
 * take turns and the count cannot let two of them both take the last place.
 */
export async function createWebhook(options: {
  db: AppDb;
  userId: string;
  request: { url: string; events: WebhookEventType[] };
  allowPrivate: boolean;
}): Promise<{ id: string; secret: string }> {
  const { db, userId, request } = options;
  const problem = webhookUrlProblem(new URL(request.url), options.allowPrivate);
  if (problem) {
    throw new AppError('WEBHOOK_URL_NOT_ALLOWED', {
      message: `This URL cannot receive webhooks: ${problem}.`,
    });
  }
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    await lockPerson(tx, 'webhooks', userId);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhooks)
      .where(eq(webhooks.userId, userId));
    if ((held?.count ?? 0) >= WEBHOOKS_PER_PERSON_MAX) throw new AppError('WEBHOOK_LIMIT_REACHED');
    const [row] = await tx
      .insert(webhooks)
      .values({ userId, url: request.url, events: request.events, secret })
      .returning({ id: webhooks.id });
    if (!row) throw new Error('a webhook insert without a row');
    return { id: row.id, secret };
  });
}
