import { getHealthResponseSchema } from '@nocturne/contract/health/get-health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Load balancers and the web app poll this; it must stay cheap and only lightly limited. */
const HEALTH_RATE_LIMIT_PER_MINUTE = 1200;

/** GET /health: 200 only when the database answers a real query, else 503. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Tell whether the service is up and its database answers',
        // Open to anyone: no bearer token.
        security: [],
        tags: ['health'],
        response: { 200: getHealthResponseSchema, 503: getHealthResponseSchema },
      },
      config: { rateLimit: { max: HEALTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      // Shutting down: out of the load balancer's rotation before the first refused request.
      if (app.drain.active) return reply.status(503).send({ status: 'unavailable' });
      try {
        await app.database.ping();
        return reply.status(200).send({ status: 'ok' });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );
};
