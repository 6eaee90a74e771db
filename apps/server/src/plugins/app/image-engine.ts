import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import { createImageEngine } from '../../modules/image-engine/create-image-engine';

declare module 'fastify' {
  interface FastifyInstance {
    imageEngine: ImageGenerator;
  }
}

interface ImageEnginePluginOptions {
  env: Env;
  /** An engine the caller owns (tests); opened from env when absent. */
  engine?: ImageGenerator;
}

/** The process's image engine as `app.imageEngine`, closed with the app when it opened it. */
export default fp(
  async function imageEnginePlugin(app: FastifyInstance, options: ImageEnginePluginOptions) {
    const engine = options.engine ?? (await createImageEngine(options.env, app.log));
    app.decorate('imageEngine', engine);
    if (!options.engine) app.addHook('onClose', () => engine.close());
  },
  { name: 'image-engine' },
);
