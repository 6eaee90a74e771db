import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';

/** OpenAPI generated from the routes' zod schemas: UI at /api/docs, document at /api/docs/json. */
export default fp(
  async function openapi(app: FastifyInstance, options: { publicUrl: string }) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Nocturne API', version: '0.1.0' },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      // Schemas with a `.meta({ id })` are referenced by `$ref`: without this they would dangle.
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
