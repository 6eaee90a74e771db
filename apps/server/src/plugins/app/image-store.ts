import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import type { ImageStore } from '../../modules/images/image-store';
import { openImageStore } from '../../modules/images/open-image-store';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStore;
  }
}

/**
 * `app.images`: result and favorite PNGs in the S3 bucket or under DATA_DIR/images (served at
 * /images/* by signed link either way).
 */
export default fp(
  async function imageStorePlugin(app: FastifyInstance, options: { env: Env }) {
    const images = await openImageStore(options.env);
    app.decorate('images', images);
    app.addHook('onClose', async () => images.close());
  },
  { name: 'image-store' },
);
