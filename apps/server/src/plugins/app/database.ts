import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { openDatabase } from '../../db/open-database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * Decorates `app.database`. A database handed in by the caller (main.ts shares it with the
 * worker; tests share a clone) stays the caller's to close; one opened here closes with the app.
 */
export default fp(
  async function databasePlugin(
    app: FastifyInstance,
    options: { database?: Database; databaseUrl: string | undefined; dataDir: string },
  ) {
    const database =
      options.database ??
      (await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }));
    app.decorate('database', database);
    if (!options.database) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
