import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

/**
 * Global per-IP limit, in memory (ARCHITECTURE.md: a Redis store arrives with scale-out). Routes
 * override it through `config.rateLimit`; the thrown AppError renders as 429 RATE_LIMIT_EXCEEDED.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, options: { maxPerMinute: number }) {
    await app.register(rateLimit, {
      global: true,
      max: options.maxPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: () => new AppError('RATE_LIMIT_EXCEEDED'),
    });
  },
  { name: 'rate-limit' },
);
