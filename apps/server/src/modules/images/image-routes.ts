import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { THUMBNAIL_WIDTHS, isThumbnailWidth } from '@nocturne/contract/images/thumbnail-widths';
import { IMAGES_URL_PREFIX, isImageKey, type ImageStore } from './image-store';
import { createImageVariants } from './image-variants';

const imageParamsSchema = z.object({ shard: z.string(), file: z.string() });
const imageQuerySchema = z.object({
  expires: z.string().default(''),
  signature: z.string().default(''),
  /** A list's smaller copy (THUMBNAIL_WIDTHS); the stored original without it. */
  w: z.coerce
    .number()
    .refine(isThumbnailWidth, `w must be one of ${THUMBNAIL_WIDTHS.join(', ')}`)
    .optional(),
});

/**
 * GET /images/{shard}/{file}?expires&signature: a stored PNG, only through a link the API signed
 * (image-url-signer.ts) and only until it expires — 403 otherwise, 404 when the file is gone (a
 * deleted image's links stop working). `private`: a shared cache must not keep an adult image
 * for others; the browser may keep it as long as the link is valid. `w` asks for a smaller WebP
 * copy from a bounded set of widths (srcset): the signature authorises the image, and the width
 * only how large it is sent.
 */
export async function imageRoutes(
  app: FastifyInstance,
  options: { images: ImageStore; maxPerMinute: number },
) {
  const { images } = options;
  const variants = createImageVariants(images);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${IMAGES_URL_PREFIX}:shard/:file`,
    {
      schema: { hide: true, params: imageParamsSchema, querystring: imageQuerySchema },
      // Its own per-address bucket: a gallery page loads dozens of images, which must neither
      // exhaust the API's budget (RATE_LIMIT_PER_MINUTE) nor go unbounded.
      config: { rateLimit: { max: options.maxPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const key = `${request.params.shard}/${request.params.file}`;
      if (!isImageKey(key)) throw new AppError('NOT_FOUND');
      const { expires, signature } = request.query;
      if (!images.verifyUrl(key, expires, signature)) throw new AppError('IMAGE_LINK_INVALID');
      const width = request.query.w;
      const body = await (width ? variants.get(key, width) : images.open(key)).catch(
        (error: unknown) => {
          if ((error as { code?: unknown }).code === 'ENOENT') throw new AppError('NOT_FOUND');
          throw error;
        },
      );
      const maxAge = Math.max(0, Math.floor(Number(expires) - Date.now() / 1000));
      return reply
        .header('content-type', width ? 'image/webp' : 'image/png')
        .header('cache-control', `private, max-age=${maxAge}`)
        .send(body);
    },
  );
}
