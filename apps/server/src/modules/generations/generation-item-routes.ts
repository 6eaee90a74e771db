import { cancelGenerationResponseSchema } from '@nocturne/contract/generations/cancel-generation';
import { deleteGenerationResponseSchema } from '@nocturne/contract/generations/delete-generation';
import {
  generationParamsSchema,
  generationSchema,
} from '@nocturne/contract/generations/generation';
import { contentPolicyErrorSchema } from '@nocturne/contract/generations/content-policy';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBody } from '../../lib/accept-empty-json-body';
import type { ImageStore } from '../images/image-store';
import { getRequestUser } from '../auth/get-request-user';
import { cancelGeneration } from './cancel-generation';
import { deleteGeneration } from './delete-generation';
import { toGeneration } from './generation-row';
import { security, tags } from './generation-routes';
import { findFavoritedIds } from './repository/read-generations';
import { submitGeneration, type SubmitDeps } from './submit-generation';

/** DELETE /generations/{id}, POST /generations/{id}/retry and …/cancel, under /api/v1. */
export const generationItemRoutes: FastifyPluginAsyncZod<{
  images: ImageStore;
  submit: SubmitDeps;
}> = async (app, options) => {
  const db = app.database.db;
  // The web app posts the retry with an empty body (spec §7).
  acceptEmptyJsonBody(app);

  app.delete(
    '/generations/:id',
    {
      schema: {
        operationId: 'deleteGeneration',
        summary: 'Delete one of your generations',
        tags,
        security,
        params: generationParamsSchema,
        response: {
          200: deleteGenerationResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      await deleteGeneration({
        unitOfWork: app.unitOfWork,
        images: options.images,
        userId,
        id: request.params.id,
      });
      return { deleted: true as const };
    },
  );

  app.post(
    '/generations/:id/retry',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'retryGeneration',
        summary: "Generate again with a generation's prompt and options",
        tags,
        security,
        params: generationParamsSchema,
        response: {
          200: generationSchema,
          401: errorResponseSchema,
          402: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          422: contentPolicyErrorSchema.or(errorResponseSchema),
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      preHandler: [app.drain.refuseNewWork, app.personRateLimits.generate],
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      const [generation] = await submitGeneration(options.submit, userId, {
        kind: 'retry',
        id: request.params.id,
      });
      if (!generation) throw new Error('a retry without its image');
      const saved = await findFavoritedIds(db, [generation]);
      return toGeneration(generation, saved.has(generation.id), app.images.urlFor);
    },
  );

  app.post(
    '/generations/:id/cancel',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'cancelGeneration',
        summary: 'Cancel a generation still waiting or running, refunding its credits',
        tags,
        security,
        params: generationParamsSchema,
        response: {
          200: cancelGenerationResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      return app.unitOfWork.transaction((tx, events) =>
        cancelGeneration({ db: tx, events, userId, id: request.params.id }),
      );
    },
  );
};
