import {
  createGenerationRequestSchema,
  createGenerationResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '@nocturne/contract/generations/create-generation';
import {
  findGenerationsQuerySchema,
  findGenerationsResponseSchema,
  generationParamsSchema,
  generationSchema,
} from '@nocturne/contract/generations/generation';
import { contentPolicyErrorSchema } from '@nocturne/contract/generations/content-policy';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getRequestUser } from '../auth/get-request-user';
import { submitGeneration, type SubmitDeps } from './submit-generation';
import { findGenerations } from './find-generations';
import { readOwnedGeneration } from './read-owned-generation';

export const tags = ['generations'];
export const security = [{ bearer: [] }];

/** Collection routes, registered by generations-plugin.ts. Item actions: generation-item-routes.ts. */
export const generationRoutes: FastifyPluginAsyncZod<{
  submit: SubmitDeps;
}> = async (app, options) => {
  const db = app.database.db;

  app.post(
    '/generate',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'createGeneration',
        summary: 'Generate images from a prompt',
        tags,
        security,
        body: createGenerationRequestSchema,
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().min(1).max(200).optional() }),
        response: {
          200: createGenerationResponseSchema,
          401: errorResponseSchema,
          402: errorResponseSchema,
          403: errorResponseSchema,
          422: contentPolicyErrorSchema.or(errorResponseSchema),
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      preHandler: [app.drain.refuseNewWork, app.personRateLimits.generate],
    },
    async (request) => {
      const [first] = await submitGeneration(options.submit, getRequestUser(request).id, {
        kind: 'prompt',
        request: request.body,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      if (!first) throw new Error('a submit without images');
      return { requestId: first.requestId };
    },
  );

  app.get(
    '/generations',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'listGenerations',
        summary: 'List your generations',
        tags,
        security,
        querystring: findGenerationsQuerySchema,
        response: {
          200: findGenerationsResponseSchema,
          401: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) =>
      findGenerations({
        db,
        userId: getRequestUser(request).id,
        query: request.query,
        urlFor: app.images.urlFor,
      }),
  );

  app.get(
    '/generations/:id',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'getGeneration',
        summary: 'Get one of your generations',
        tags,
        security,
        params: generationParamsSchema,
        response: { 200: generationSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      return readOwnedGeneration({ db, userId, id: request.params.id, urlFor: app.images.urlFor });
    },
  );
};
