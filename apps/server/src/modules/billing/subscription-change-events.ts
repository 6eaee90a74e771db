import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvents } from '../../db/create-unit-of-work';

type Change = 'activated' | 'cancelled' | 'expired';

const STATUS_OF: Record<Change, 'active' | 'cancelled' | 'expired'> = {
  activated: 'active',
  cancelled: 'cancelled',
  expired: 'expired',
};

/**
 * A premium change announced on both channels: `subscription.<change>` for the subscription page
 * and `premium_<change>` for the credits display (contract realtime/events.ts).
 */
export function addSubscriptionChangeEvents(
  events: RealtimeEvents,
  userId: string,
  change: Change,
): void {
  events.add({
    channel: channels.subscription(userId),
    event: `subscription.${change}`,
    payload: { status: STATUS_OF[change] },
  });
  events.add({ channel: channels.credits(userId), event: `premium_${change}`, payload: {} });
}
