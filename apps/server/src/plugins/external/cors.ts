import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Same-origin by default; CORS_ORIGINS opens the API (with cookies) to the listed origins. */
export default fp(
  async function corsPlugin(app: FastifyInstance, options: { origins: string[] }) {
    await app.register(cors, {
      origin: options.origins.length > 0 ? options.origins : false,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
  },
  { name: 'cors' },
);
