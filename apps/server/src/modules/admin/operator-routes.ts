import { getOperatorResponseSchema } from '@nocturne/contract/admin/get-operator';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestOperator } from './require-operator';

/**
 * Who is at the console: the web's console layout asks this first, so it can tell an operator
 * from someone else and from an operator who still has to turn on two-factor sign-in.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/operator',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        response: {
          200: getOperatorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => getRequestOperator(request),
  );
};
