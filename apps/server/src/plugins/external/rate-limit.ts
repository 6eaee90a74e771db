import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import type { WindowCounter } from '../../lib/window-counter';
import { windowCounterStore } from './window-counter-store';

/**
 * Global per-IP limit. Routes override it through `config.rateLimit`; the thrown AppError renders
 * as 429 RATE_LIMIT_EXCEEDED. With a shared counter (REDIS_URL) every limit of this plugin counts
 * there, so all API processes share one budget; without one, the plugin's own memory store.
 */
export default fp(
  async function rateLimitPlugin(
    app: FastifyInstance,
    options: { maxPerMinute: number; sharedCounter?: WindowCounter | undefined },
  ) {
    await app.register(rateLimit, {
      global: true,
      max: options.maxPerMinute,
      timeWindow: 60_000,
      ...(options.sharedCounter ? { store: windowCounterStore(options.sharedCounter) } : {}),
      errorResponseBuilder: () => new AppError('RATE_LIMIT_EXCEEDED'),
    });
  },
  { name: 'rate-limit' },
);
