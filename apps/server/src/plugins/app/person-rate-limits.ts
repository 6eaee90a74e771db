import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

type RouteHook = (request: FastifyRequest) => Promise<void>;

export interface PersonRateLimits {
  /** POST /generate and retry share one budget: a retry is a new charge like a submit. */
  generate: RouteHook;
  /** POST /credits/request-daily. */
  dailyClaim: RouteHook;
}

declare module 'fastify' {
  interface FastifyInstance {
    personRateLimits: PersonRateLimits;
  }
}

/**
 * Per-person request limits, as preHandlers (the bearer token is checked in preValidation, so the
 * person is known). Built with `createRateLimit` because @fastify/rate-limit runs one limiter per
 * request: a route `config.rateLimit` would replace the global per-address limit instead of adding
 * to it. An unauthenticated flood is still held by the global per-address limit.
 */
export default fp(
  async function personRateLimits(
    app: FastifyInstance,
    options: { generatePerMinute: number; dailyClaimPerMinute: number },
  ) {
    const hook = (name: string, max: number): RouteHook => {
      const check = app.createRateLimit({
        max,
        timeWindow: 60_000,
        keyGenerator: (request) => `${name}:${request.user?.id ?? request.ip}`,
      });
      return async (request) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError('RATE_LIMIT_EXCEEDED', {
            headers: { 'retry-after': String(result.ttlInSeconds) },
          });
        }
      };
    };
    app.decorate('personRateLimits', {
      generate: hook('generate', options.generatePerMinute),
      dailyClaim: hook('daily-claim', options.dailyClaimPerMinute),
    } satisfies PersonRateLimits);
  },
  { name: 'person-rate-limits', dependencies: ['rate-limit'] },
);
