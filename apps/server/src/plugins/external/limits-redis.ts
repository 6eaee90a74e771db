import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection the rate limits share across processes; undefined without REDIS_URL. */
    limitsRedis: Redis | undefined;
  }
}

/**
 * With REDIS_URL every rate limit is counted in Redis, so N API processes give a client the
 * budget of one (decision 023). A limit check must never wait on a Redis that is away: no
 * offline queue, one try per command, a short connect timeout; callers fall back as the decision
 * says.
 */
export default fp(
  async function limitsRedis(app: FastifyInstance, options: { redisUrl: string | undefined }) {
    if (!options.redisUrl) {
      app.decorate('limitsRedis', undefined);
      return;
    }
    const redis = new Redis(options.redisUrl, {
      connectTimeout: 500,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on('error', (error: unknown) =>
      app.log.warn({ err: error }, 'rate limit store (Redis) error'),
    );
    await redis.connect().catch((error: unknown) => {
      // Reconnects by itself; until then the limits fall back (decision 023).
      app.log.warn({ err: error }, 'rate limit store (Redis) not reachable at start');
    });
    app.decorate('limitsRedis', redis);
    app.addHook('onClose', () => {
      redis.disconnect();
    });
  },
  { name: 'limits-redis' },
);
