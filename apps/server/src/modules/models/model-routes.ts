import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestUser } from '../auth/get-request-user';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import { listModels } from './list-models';

/** GET /models, mounted under /api/v1 (bearer token required). */
export const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'listModels',
        summary: 'List the models you can generate with, their credit cost and LoRAs',
        tags: ['generations'],
        security: [{ bearer: [] }],
        response: { 200: listModelsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const db = app.database.db;
      const premium = await hasPremiumAccess({ tx: db, userId: getRequestUser(request).id });
      return listModels({ db, models: app.models, premium });
    },
  );
};
