import { serviceStatusSchema } from '@nocturne/contract/admin/service-settings';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/v1/service-status: what the web shows before anyone types (switch, announcement). */
export const serviceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-status',
    {
      schema: {
        operationId: 'getServiceStatus',
        summary: 'Get whether generation is open and the current announcement',
        tags: ['service'],
        security: [{ bearer: [] }],
        response: { 200: serviceStatusSchema, 401: errorResponseSchema },
      },
    },
    () => app.serviceSettings.status(),
  );
};
