import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { PublishRealtime } from './publish-realtime';
import { RELAY_PAYLOAD_LIMIT_BYTES, type RelayCodecRegistry } from './relay-codecs';
import { REALTIME_RELAY_CHANNEL, type RelayMessage } from './relay-message';

export interface RelayLogger {
  warn(details: object, message?: string): void;
}

export interface RelayPublisher {
  publish: PublishRealtime;
  /** Resolves once every NOTIFY sent so far has been issued (call before closing the database). */
  drain(): Promise<void>;
}

/** JSON of `message`, compacted by its codec when over the limit; undefined = cannot be relayed. */
export function encodeRelayMessage(
  message: RelayMessage,
  codecs: RelayCodecRegistry,
): string | undefined {
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) <= RELAY_PAYLOAD_LIMIT_BYTES) return text;
  const codec = codecs.find(message.channel, message.event);
  const compact = codec?.compact(message.payload);
  if (compact === undefined) return undefined;
  const compacted = JSON.stringify({ ...message, payload: compact, compacted: true });
  return Buffer.byteLength(compacted) <= RELAY_PAYLOAD_LIMIT_BYTES ? compacted : undefined;
}

/**
 * The publisher of a process without a Socket.IO server (`--role=worker`): every event becomes
 * `pg_notify('nocturne_realtime', json)` on the shared database, and the API processes' relay
 * listeners emit it to their sockets. NOTIFYs are issued one after another so events arrive in the
 * order they were published (notifications are delivered in commit order).
 */
export function createRelayPublisher(options: {
  database: Database;
  codecs: RelayCodecRegistry;
  logger: RelayLogger;
}): RelayPublisher {
  const { database, codecs, logger } = options;
  let queue: Promise<void> = Promise.resolve();
  return {
    publish(channel, event, payload) {
      const text = encodeRelayMessage({ channel, event, payload }, codecs);
      if (text === undefined) {
        logger.warn({ channel, event }, 'realtime event too large to relay; dropped');
        return;
      }
      queue = queue.then(() =>
        database.db.execute(sql`select pg_notify(${REALTIME_RELAY_CHANNEL}, ${text})`).then(
          () => undefined,
          (error: unknown) =>
            logger.warn({ err: error, channel, event }, 'realtime relay NOTIFY failed'),
        ),
      );
    },
    drain: () => queue,
  };
}
