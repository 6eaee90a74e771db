import { channels } from '@nocturne/contract/realtime/channels';
import type { FastifyBaseLogger } from 'fastify';
import type { PublishRealtime } from '../realtime/publish-realtime';

/**
 * Tells the user's open tabs to refresh their credits (`credit_updated` on `credits:{userId}`).
 * Call only after the transaction that changed the balance has committed. The change is already
 * durable, so a failing publish is logged, never turned into an error for the request.
 */
export function publishCreditUpdated(options: {
  /** `app.realtime` in the API; any publisher (e.g. the worker's relay) works. */
  realtime: { publish: PublishRealtime };
  log: FastifyBaseLogger;
  userId: string;
  balance: number;
}) {
  try {
    options.realtime.publish(channels.credits(options.userId), 'credit_updated', {
      balance: options.balance,
    });
  } catch (error) {
    options.log.warn({ err: error, userId: options.userId }, 'credit_updated publish failed');
  }
}
