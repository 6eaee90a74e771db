import type { FastifyInstance } from 'fastify';
import { authorizeGenerationChannel } from './authorize-generation-channel';
import { generationItemRoutes } from './generation-item-routes';
import { generationRoutes } from './generation-routes';

/**
 * The generations module in the API: its routes and its realtime wiring, registered once. Mounted
 * under /api/v1 (bearer token required).
 */
export async function generationsPlugin(app: FastifyInstance) {
  const db = app.database.db;
  // Only the owner of a request id may listen to its progress and result.
  app.realtime.registerChannelAuthorizer('generation', (user, requestId) =>
    authorizeGenerationChannel({ db, userId: user.id, requestId }),
  );
  await app.register(generationRoutes);
  await app.register(generationItemRoutes, { images: app.images });
}
