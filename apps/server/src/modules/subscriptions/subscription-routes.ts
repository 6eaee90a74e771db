import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { getActiveSubscriptionResponseSchema } from '@nocturne/contract/subscriptions/get-active-subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Mounted under /api/v1 (bearer token required). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions/active',
    {
      schema: {
        tags: ['subscriptions'],
        security: [{ bearer: [] }],
        response: { 200: getActiveSubscriptionResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => {
      // Nothing stores subscriptions, so nothing can have expired: false is the true answer.
      return { was_expired: false };
    },
  );
};
