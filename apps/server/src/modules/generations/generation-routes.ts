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
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { channels } from '@nocturne/contract/realtime/channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getRequestUser } from '../auth/get-request-user';
import { createGeneration } from './create-generation';
import { findFavoritedIds, findGenerations } from './find-generations';
import { toGeneration } from './generation-row';
import { getOwnedGeneration } from './get-owned-generation';
import { getQueuePosition } from './get-queue-position';
import { publishGenerationUpdate } from './publish-generation-event';
import { authorizeGenerationChannel } from './authorize-generation-channel';
import { createGenerationResultRelayCodec } from './generation-result-relay-codec';

export const tags = ['generations'];
export const security = [{ bearer: [] }];

/** Mounted under /api/v1 (bearer token required). Item actions: generation-item-routes.ts. */
export const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Only the owner of a request id may listen to its progress and result.
  app.realtime.registerChannelAuthorizer('generation', (user, requestId) =>
    authorizeGenerationChannel({ db, userId: user.id, requestId }),
  );
  // Results relayed from a worker-only process arrive without their base64 (NOTIFY size limit).
  app.realtime.registerRelayCodec(createGenerationResultRelayCodec(app.images));

  app.post(
    '/generate',
    {
      schema: {
        tags,
        security,
        body: createGenerationRequestSchema,
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().min(1).max(200).optional() }),
        response: {
          200: createGenerationResponseSchema,
          401: errorResponseSchema,
          402: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      const result = await createGeneration({
        db,
        userId,
        sourcePrompt: request.body.source_prompt,
        contentPrompt: request.body.content_prompt,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      const { generation } = result;
      if (result.created) {
        // After the commit: listeners must never hear of a row that could still roll back.
        if (result.charged) {
          app.realtime.publish(channels.credits(userId), 'credit_updated', {
            balance: result.balance,
          });
        }
        publishGenerationUpdate(app.realtime.publish, {
          request_id: generation.requestId,
          status: 'queued',
          queue_position: await getQueuePosition(db, generation),
        });
      }
      return { requestId: generation.requestId };
    },
  );

  app.get(
    '/generations',
    {
      schema: {
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
      findGenerations({ db, userId: getRequestUser(request).id, query: request.query }),
  );

  app.get(
    '/generations/:id',
    {
      schema: {
        tags,
        security,
        params: generationParamsSchema,
        response: { 200: generationSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      const row = await getOwnedGeneration({ tx: db, userId, id: request.params.id });
      const saved = await findFavoritedIds(db, [row]);
      return toGeneration(row, saved.has(row.id));
    },
  );
};
