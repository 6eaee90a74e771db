import { Emitter as PostgresEmitter } from '@socket.io/postgres-emitter';
import { Emitter as RedisEmitter } from '@socket.io/redis-emitter';
import { REALTIME_MESSAGE_EVENT, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import pg from 'pg';
import { createClient } from 'redis';
import type { PublishRealtime } from './publish-realtime';
import { ATTACHMENTS_TABLE, type RealtimeFanOutConfig } from './realtime-fan-out-config';
import { RESULT_RELAY_EVENT, toRelayedResult, type RelayedResult } from './result-relay';
import type { Logger } from '../../lib/create-logger';
import { withNamespace } from '../../lib/library-patches/postgres-emitter-namespace';

export interface RealtimeEmitter {
  publish: PublishRealtime;
  close(): Promise<void>;
}

/**
 * Where a worker-only process (no Socket.IO server) sends its events: the emitter of the adapter
 * the API processes use. Without one (PGlite) a worker-only process has no clients to reach.
 */
export async function connectRealtimeEmitter(
  config: RealtimeFanOutConfig,
  logger: Logger,
): Promise<RealtimeEmitter | undefined> {
  const warn = (error: unknown) => logger.warn({ err: error }, 'realtime emitter error');
  if (config.redisUrl) {
    const client = createClient({ url: config.redisUrl });
    client.on('error', warn);
    await client.connect();
    // The emitter does not await its PUBLISH: a rejection must be caught here, not crash.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        client.publish(channel, message).catch(warn),
    };
    const emitter = new RedisEmitter(publisher);
    return toRealtimeEmitter({
      emit: (event) => emitter.to(event.channel).emit(REALTIME_MESSAGE_EVENT, event),
      relay: (relayed) => emitter.serverSideEmit(RESULT_RELAY_EVENT, relayed),
      // With Redis away, a graceful close waits for commands that never finish: drop them.
      close: async () => (client.isReady ? client.close() : client.destroy()),
    });
  }
  if (config.databaseUrl) {
    // One connection: the emitter does not await its queries, so a single connection is what
    // keeps events (an update, then its result) in the order they were published.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    pool.on('error', warn);
    // A checked-out connection's error (a PostgreSQL restart) has no other listener: the process
    // would crash. Its next query fails instead and the pool drops it.
    pool.on('connect', (client) => client.on('error', warn));
    // A rejected query makes the emitter publish an 'error' event, which fails again while the
    // database is down, endlessly: failures are logged here and answered with an empty success.
    let inFlight = 0;
    const queries = {
      query: (text: string, values: unknown[]) => {
        inFlight += 1;
        return pool
          .query(text, values)
          .catch((error: unknown) => {
            warn(error);
            return { rows: [{ id: 0 }] };
          })
          .finally(() => (inFlight -= 1));
      },
    };
    const emitter = new PostgresEmitter(queries, '/', { tableName: ATTACHMENTS_TABLE });
    return toRealtimeEmitter({
      emit: (event) => withNamespace(emitter.to(event.channel)).emit(REALTIME_MESSAGE_EVENT, event),
      relay: (relayed) =>
        withNamespace(emitter.to(relayed.event.channel)).serverSideEmit(
          RESULT_RELAY_EVENT,
          relayed,
        ),
      async close() {
        // pool.end() abandons queued queries. An attachment's NOTIFY is issued in a microtask
        // after its INSERT, so checking again after a timer tick sees it.
        while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
        await pool.end();
      },
    });
  }
  return undefined;
}

/** A result crosses processes without its image (result-relay.ts); everything else as it is. */
function toRealtimeEmitter(transport: {
  emit(event: RealtimeMessage): unknown;
  relay(relayed: RelayedResult): unknown;
  close(): Promise<void>;
}): RealtimeEmitter {
  return {
    publish(event) {
      const relayed = toRelayedResult(event);
      if (relayed) transport.relay(relayed);
      else transport.emit(event);
    },
    close: transport.close,
  };
}
