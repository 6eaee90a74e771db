import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createImageStore, type ImageStore } from '../../modules/images/image-store';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStore;
  }
}

/** `app.images`: result and favorite PNGs under DATA_DIR/images (served at /images/*). */
export default fp(
  async function imageStorePlugin(app: FastifyInstance, options: { dataDir: string }) {
    const root = path.join(options.dataDir, 'images');
    await mkdir(root, { recursive: true });
    app.decorate('images', createImageStore(root));
  },
  { name: 'image-store' },
);
