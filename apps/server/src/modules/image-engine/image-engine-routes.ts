import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { getImageEngineResponseSchema } from '@nocturne/contract/generations/get-image-engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestUser } from '../auth/get-request-user';
import { engineOfModel, readServedEngines, servedEngineOf } from '../models/served-engines';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import { engineNotice, engineSetupCommand } from './preview-notice';

/**
 * The engine of the person's default model (their plan's) as its workers report it, else as this
 * process opened it; mounted under /api/v1 (bearer token required).
 */
export const imageEngineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/image-engine',
    {
      schema: {
        operationId: 'getImageEngine',
        summary: 'Get the image engine that renders your default model',
        tags: ['generations'],
        security: [{ bearer: [] }],
        response: { 200: getImageEngineResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { models } = app;
      const db = app.database.db;
      const [premium, served] = await Promise.all([
        hasPremiumAccess({ tx: db, userId: getRequestUser(request).id }),
        readServedEngines(db, models.livenessMs),
      ]);
      const engine =
        engineOfModel(models, served, models.registry.defaultFor(premium).id) ??
        servedEngineOf(app.imageEngine.describe());
      return {
        backend: engine.backend,
        model: engine.model,
        is_preview: engine.isPreview,
        notice: engineNotice(engine),
        setup_command: engineSetupCommand(engine),
        fallback_reason: engine.fallbackReason,
      };
    },
  );
};
