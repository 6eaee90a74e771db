import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMAGES_URL_PREFIX } from './image-store';

/**
 * Serves DATA_DIR/images at /images/*. Names are random and never reused, so responses are
 * cacheable for a year; there is no index or listing. A missing file falls through to the app's
 * not-found handler (404). Registered beside the web app's static plugin with
 * `decorateReply: false`, because only one registration may decorate `reply.sendFile`.
 */
export async function imageRoutes(app: FastifyInstance, options: { root: string }) {
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: IMAGES_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
  });
}
