import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

/**
 * Global per-IP limit. Counted in Redis when REDIS_URL is set (shared by every API process), in
 * memory otherwise. Routes override it through `config.rateLimit`, and createRateLimit (the
 * per-person limits) uses the same store; the thrown AppError renders as 429
 * RATE_LIMIT_EXCEEDED. When Redis cannot answer, requests pass (decision 023).
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, options: { maxPerMinute: number }) {
    await app.register(rateLimit, {
      global: true,
      max: options.maxPerMinute,
      timeWindow: 60_000,
      ...(app.limitsRedis
        ? { redis: app.limitsRedis, nameSpace: 'nocturne:rate-limit:', skipOnError: true }
        : {}),
      errorResponseBuilder: () => new AppError('RATE_LIMIT_EXCEEDED'),
    });
  },
  { name: 'rate-limit', dependencies: ['limits-redis'] },
);
