import { getOperatorResponseSchema } from '@nocturne/contract/admin/get-operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestOperator } from '../operators/require-operator';
import { ADMIN_ROUTE } from './admin-route-schema';
import { errorResponses } from '../../lib/error-responses';

/**
 * Who is at the console: the web's console layout asks this first, so it can tell an operator
 * from someone else and from an operator who still has to turn on two-factor sign-in.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/operator',
    {
      schema: {
        operationId: 'getOperator',
        summary: 'Console: tell whether you are an operator and may use the console',
        ...ADMIN_ROUTE,
        response: {
          200: getOperatorResponseSchema,
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => getRequestOperator(request),
  );
};
