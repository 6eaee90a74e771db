import {
  adminLandingSamplesResponseSchema,
  landingSampleFromPreviewErrorSchema,
  landingSamplesResponseSchema,
  putLandingSamplesRequestSchema,
} from '@nocturne/contract/admin/landing-samples';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  readLandingSampleRows,
  toLandingSample,
} from '../landing-samples/landing-samples-repository';
import { setLandingSamples } from '../landing-samples/set-landing-samples';
import { getRequestOperator } from '../operators/require-operator';
import { ADMIN_ROUTE } from './admin-route-schema';
import { errorResponses } from '../../lib/error-responses';

/** The landing's samples, chosen from the operator's own favorites (GET shows the choice). */
export const adminLandingSamplesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/landing-samples',
    {
      schema: {
        operationId: 'getLandingSamples',
        summary: "Console: get the landing page's samples",
        ...ADMIN_ROUTE,
        response: {
          200: adminLandingSamplesResponseSchema,
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({
      samples: (await readLandingSampleRows(app.database.db)).map((row) => ({
        ...toLandingSample(row),
        favorite_id: row.favoriteId,
      })),
    }),
  );

  app.put(
    '/landing-samples',
    {
      schema: {
        operationId: 'setLandingSamples',
        summary: "Console: choose the landing page's samples from your favorites",
        ...ADMIN_ROUTE,
        body: putLandingSamplesRequestSchema,
        response: {
          200: landingSamplesResponseSchema,
          ...errorResponses(401, 403),
          422: landingSampleFromPreviewErrorSchema.or(errorResponseSchema),
        },
      },
    },
    async (request) => {
      const rows = await setLandingSamples({
        unitOfWork: app.unitOfWork,
        db: app.database.db,
        images: app.images,
        operator: getRequestOperator(request),
        favoriteIds: request.body.favorite_ids,
      });
      // This process re-renders at once; the others on the NOTIFY.
      app.landingPage?.forget();
      return { samples: rows.map(toLandingSample) };
    },
  );
};
