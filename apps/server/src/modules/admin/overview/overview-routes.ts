import { adminOverviewSchema } from '@nocturne/contract/admin/overview';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ROUTE } from '../admin-route-schema';

/** GET /api/v1/admin/overview: the service now (the `admin:overview` channel pushes the same). */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    {
      schema: {
        operationId: 'getOverview',
        summary: "Console: get the service's figures now",
        ...ADMIN_ROUTE,
        response: { 200: adminOverviewSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    () => app.adminOverview.read(),
  );
};
