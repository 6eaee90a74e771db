import { channels } from '@nocturne/contract/realtime/channels';
import { and, eq, lte } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { subscriptions } from './subscriptions-tables';
import type { RealtimeEvents } from '../../db/create-unit-of-work';

/**
 * Marks active monthly plans whose paid period has ended as expired (all of them, or one user's)
 * and adds `subscription.expired` and `premium_expired` for each. Answers the users it expired.
 *
 * Premium already stops at `expires_at` (has-premium-access.ts); this makes the status say so.
 * The conditional UPDATE is the claim: when the schedule in several processes and a person's
 * GET /subscriptions/active race, exactly one of them expires the plan and reports it.
 */
export async function expireLapsedSubscriptions(options: {
  tx: DbHandle;
  events: RealtimeEvents;
  now?: Date;
  userId?: string;
}): Promise<string[]> {
  const now = options.now ?? new Date();
  const expired = await options.tx
    .update(subscriptions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.isLifetime, false),
        lte(subscriptions.expiresAt, now),
        options.userId === undefined ? undefined : eq(subscriptions.userId, options.userId),
      ),
    )
    .returning({ userId: subscriptions.userId });
  for (const { userId } of expired) {
    options.events.add({
      channel: channels.subscription(userId),
      event: 'subscription.expired',
      payload: { status: 'expired' },
    });
    options.events.add({
      channel: channels.credits(userId),
      event: 'premium_expired',
      payload: {},
    });
  }
  return expired.map((row) => row.userId);
}
