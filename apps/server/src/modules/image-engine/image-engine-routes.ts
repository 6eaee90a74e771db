import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { getImageEngineResponseSchema } from '@nocturne/contract/generations/get-image-engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { engineNotice, engineSetupCommand } from './preview-notice';

/** The default model's engine; mounted under /api/v1 (bearer token required). */
export const imageEngineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/image-engine',
    {
      schema: {
        tags: ['generations'],
        security: [{ bearer: [] }],
        response: { 200: getImageEngineResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => {
      const description = app.imageEngine.describe();
      return {
        backend: description.backend,
        model: description.model,
        is_preview: description.isPreview,
        notice: engineNotice(description),
        setup_command: engineSetupCommand(description),
        fallback_reason: description.fallbackReason ?? null,
      };
    },
  );
};
