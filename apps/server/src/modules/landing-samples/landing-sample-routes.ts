import { landingSamplesResponseSchema } from '@nocturne/contract/admin/landing-samples';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ImageStore } from '../images/image-store';
import {
  findLandingSampleImage,
  readLandingSampleRows,
  toLandingSample,
} from './landing-samples-repository';

/**
 * The landing's samples, public (no sign-in): the list and each chosen sample's image by the
 * sample's id. Nothing else of the image store is reachable here.
 */
export const landingSampleRoutes: FastifyPluginAsyncZod<{ images: ImageStore }> = async (
  app,
  options,
) => {
  const db = app.database.db;
  app.get(
    '/landing/samples',
    // The web app's landing reads it, not a client: left out of the API document.
    { schema: { hide: true, tags: ['landing'], response: { 200: landingSamplesResponseSchema } } },
    async () => ({ samples: (await readLandingSampleRows(db)).map(toLandingSample) }),
  );

  app.get(
    '/landing/samples/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const id = /^([0-9a-f-]{36})\.png$/.exec(request.params.file)?.[1];
      const key =
        id && z.uuid().safeParse(id).success ? await findLandingSampleImage(db, id) : undefined;
      if (!key) throw new AppError('NOT_FOUND');
      const stream = await options.images.open(key).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === 'ENOENT') throw new AppError('NOT_FOUND');
        throw error;
      });
      // A sample is public and its id never names other bytes: shared caches may keep it.
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=3600')
        .send(stream);
    },
  );
};
