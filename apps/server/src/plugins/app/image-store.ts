import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ImageStore } from '../../modules/images/image-store';
import { openImageStore } from '../../modules/images/open-image-store';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStore;
  }
}

/** `app.images`: result and favorite PNGs under DATA_DIR/images (served at /images/* by signed link). */
export default fp(
  async function imageStorePlugin(
    app: FastifyInstance,
    options: { dataDir: string; urlSecret: string | undefined },
  ) {
    app.decorate('images', await openImageStore(options));
  },
  { name: 'image-store' },
);
