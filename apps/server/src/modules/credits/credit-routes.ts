import { getCreditsResponseSchema } from '@nocturne/contract/credits/get-credits';
import {
  cooldownActiveErrorSchema,
  requestDailyCreditsResponseSchema,
} from '@nocturne/contract/credits/request-daily-credits';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestUser } from '../auth/get-request-user';
import { acceptEmptyJsonBody } from '../../lib/accept-empty-json-body';
import { getCreditState } from './get-credit-state';
import { requestDailyCredits } from './request-daily-credits';

const tags = ['credits'];
const security = [{ bearer: [] }];

// POST /credits/request-daily has no body; acceptEmptyJsonBody keeps bodiless JSON posts working.
const requestDailyRoute: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBody(app);
  app.post(
    '/credits/request-daily',
    {
      schema: {
        operationId: 'requestDailyCredits',
        summary: 'Claim your daily credits when your balance is 0',
        tags,
        security,
        response: {
          200: requestDailyCreditsResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          // The global rate limiter answers 429 RATE_LIMIT_EXCEEDED here too.
          429: cooldownActiveErrorSchema.or(errorResponseSchema),
        },
      },
      preHandler: app.personRateLimits.dailyClaim,
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      return app.unitOfWork.transaction((tx, events) =>
        requestDailyCredits({ db: tx, events, userId }),
      );
    },
  );
};

/** Mounted under /api/v1 (bearer token required). */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credits',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'getCredits',
        summary: 'Get your credit balance and whether you can claim daily credits',
        tags,
        security,
        response: {
          200: getCreditsResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => getCreditState({ db: app.database.db, userId: getRequestUser(request).id }),
  );

  await app.register(requestDailyRoute);
};
