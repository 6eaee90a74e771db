import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * Decorates `app.database` with the caller's open, migrated database (main.ts shares it with the
 * worker; tests share a clone), which stays the caller's to close.
 */
export default fp(
  async function databasePlugin(app: FastifyInstance, options: { database: Database }) {
    app.decorate('database', options.database);
  },
  { name: 'database' },
);

/**
 * LISTENs on `channel` for as long as the app is open. A LISTEN that fails is logged with what it
 * costs (`withoutIt`) and does not stop the app: what listens (a cache to forget from) falls back
 * on its TTL.
 */
export async function listenWhileOpen(
  app: FastifyInstance,
  channel: string,
  onNotify: (payload: string) => void,
  withoutIt: string,
): Promise<void> {
  const unlisten = await app.database.listen(channel, onNotify).catch((error: unknown) => {
    app.log.warn({ err: error }, `LISTEN ${channel} failed: ${withoutIt}`);
    return async () => undefined;
  });
  app.addHook('onClose', () => unlisten());
}
