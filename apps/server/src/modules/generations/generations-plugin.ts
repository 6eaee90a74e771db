import type { FastifyInstance } from 'fastify';
import type { GenerationQueueSettings } from './create-generation';
import { generationDeriveRoutes } from './generation-derive-routes';
import { generationItemRoutes } from './generation-item-routes';
import { generationRoutes } from './generation-routes';
import { readGenerationSnapshot } from './read-owned-generation';
import type { SubmitDeps } from './submit-generation';
import { isRequestOwner } from './repository/read-generations';

export interface GenerationsPluginOptions {
  /** Per-person limits (GENERATION_QUEUE_MAX_*) and the worker concurrency for wait estimates. */
  queue: Pick<GenerationQueueSettings, 'limits' | 'concurrency'>;
}

/**
 * The generations module in the API: its routes and its realtime wiring, registered once. Mounted
 * under /api/v1 (bearer token required).
 */
export async function generationsPlugin(app: FastifyInstance, options: GenerationsPluginOptions) {
  const db = app.database.db;
  // Only the owner of a request id may listen to its progress and result.
  app.realtime.registerChannelAuthorizer('generation', (user, requestId) =>
    isRequestOwner(db, user.id, requestId),
  );
  const queue: GenerationQueueSettings = { ...options.queue, models: app.models.submit };
  // A join's ack carries the row a client would otherwise read right after joining, and its place.
  app.realtime.registerChannelSnapshot('generation', (user, requestId) =>
    readGenerationSnapshot({
      db,
      userId: user.id,
      requestId,
      urlFor: app.images.urlFor,
      queue,
    }),
  );
  const submit: SubmitDeps = {
    db,
    unitOfWork: app.unitOfWork,
    images: app.images,
    models: app.models,
    queue,
    assertGenerationOpen: (userId) => app.serviceSettings.assertGenerationOpen(userId),
    screen: (userId, prompt) => app.moderation.screen(userId, prompt),
  };
  await app.register(generationRoutes, { submit });
  await app.register(generationItemRoutes, { images: app.images, submit });
  await app.register(generationDeriveRoutes, { submit });
}
