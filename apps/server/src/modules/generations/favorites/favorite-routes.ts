import {
  findFavoritesQuerySchema,
  findFavoritesResponseSchema,
} from '@nocturne/contract/favorites/find-favorites';
import {
  deleteFavoriteResponseSchema,
  saveFavoriteRequestSchema,
  saveFavoriteResponseSchema,
} from '@nocturne/contract/favorites/save-favorite';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { generationParamsSchema } from '@nocturne/contract/generations/generation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBody } from '../../../lib/accept-empty-json-body';
import type { ImageStore } from '../../images/image-store';
import { getRequestUser } from '../../auth/get-request-user';
import { deleteFavorite } from './delete-favorite';
import { toFavorite } from './favorite-row';
import { findFavorites } from './find-favorites';
import { saveFavorite } from './save-favorite';
import { errorResponses } from '../../../lib/error-responses';

const tags = ['favorites'];
const security = [{ bearer: [] }];
const errors = errorResponses(401, 404, 409, 422);

/** Favorites under /api/v1: save/remove per generation, and the gallery list. */
export const favoriteRoutes: FastifyPluginAsyncZod<{ images: ImageStore }> = async (
  app,
  options,
) => {
  const db = app.database.db;
  const { images } = options;
  acceptEmptyJsonBody(app);

  app.post(
    '/generations/:id/favorite',
    {
      config: { apiKeyScope: 'favorites' },
      schema: {
        operationId: 'saveFavorite',
        summary: 'Save an image to your favorites',
        tags,
        security,
        params: generationParamsSchema,
        // No body at all reaches validation as null.
        body: saveFavoriteRequestSchema.nullish(),
        response: { 200: saveFavoriteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      const row = await saveFavorite({
        db,
        images,
        userId,
        id: request.params.id,
        resultBase64: request.body?.result_base64,
      });
      return { favorite: toFavorite(row, images.urlFor) };
    },
  );

  app.delete(
    '/generations/:id/favorite',
    {
      config: { apiKeyScope: 'favorites' },
      schema: {
        operationId: 'deleteFavorite',
        summary: 'Remove an image from your favorites',
        tags,
        security,
        params: generationParamsSchema,
        response: { 200: deleteFavoriteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      await deleteFavorite({ db, images, userId, id: request.params.id });
      return { deleted: true as const };
    },
  );

  app.get(
    '/favorites',
    {
      config: { apiKeyScope: 'favorites' },
      schema: {
        operationId: 'listFavorites',
        summary: 'List your favorites: the gallery',
        tags,
        security,
        querystring: findFavoritesQuerySchema,
        response: {
          200: findFavoritesResponseSchema,
          401: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) =>
      findFavorites({
        db,
        userId: getRequestUser(request).id,
        query: request.query,
        urlFor: images.urlFor,
      }),
  );
};
