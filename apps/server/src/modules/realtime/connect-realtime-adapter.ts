import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import pg from 'pg';
import { createClient } from 'redis';
import type { Server, ServerOptions } from 'socket.io';
import { ATTACHMENTS_TABLE, type RealtimeFanOutConfig } from './realtime-fan-out-config';
import type { Logger } from '../../lib/create-logger';

export interface RealtimeAdapter {
  adapter: ServerOptions['adapter'];
  /** Closes the adapter of `io` and then its connections, so the process can exit. */
  close(io: Server): Promise<void>;
}

/**
 * The Socket.IO adapter of an API process: every `io.to(channel).emit` also reaches the sockets of
 * the other API processes, and events of worker-only emitters reach this one. Undefined when
 * there is nothing to share (PGlite: one process).
 */
export async function connectRealtimeAdapter(
  config: RealtimeFanOutConfig,
  logger: Logger,
): Promise<RealtimeAdapter | undefined> {
  const errorHandler = (error: Error) => logger.warn({ err: error }, 'realtime adapter error');
  if (config.redisUrl) {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', errorHandler);
    sub.on('error', errorHandler);
    await Promise.all([pub.connect(), sub.connect()]);
    return {
      adapter: createRedisAdapter(pub, sub),
      async close(io) {
        // With Redis away, a graceful close waits for commands that never finish: drop them.
        if (!pub.isReady || !sub.isReady) {
          pub.destroy();
          sub.destroy();
          return;
        }
        await io.of('/').adapter.close();
        await Promise.all([pub.close(), sub.close()]);
      },
    };
  }
  if (config.databaseUrl) {
    // One connection stays checked out for LISTEN; the others publish and read attachments.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 3 });
    pool.on('error', errorHandler);
    // A checked-out connection's error (a PostgreSQL restart) has no other listener: the process
    // would crash. Its next query fails instead and the pool drops it.
    pool.on('connect', (client) => client.on('error', errorHandler));
    return {
      adapter: createPostgresAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler }),
      async close(io) {
        await io.of('/').adapter.close();
        await pool.end();
      },
    };
  }
  return undefined;
}
