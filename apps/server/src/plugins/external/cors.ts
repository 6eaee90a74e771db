import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Same-origin by default: then no CORS handling is registered at all (a browser refuses a
 * cross-origin answer without CORS headers anyway, and every request skips the hook).
 * CORS_ORIGINS opens the API (with cookies) to the listed origins.
 */
export default fp(
  async function corsPlugin(app: FastifyInstance, options: { origins: string[] }) {
    if (options.origins.length === 0) return;
    await app.register(cors, {
      origin: options.origins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
  },
  { name: 'cors' },
);
