import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { webhookEventsDocument } from '../../modules/webhooks/webhook-openapi';

type OpenApiDocument = {
  components?: { schemas?: Record<string, Record<string, unknown>> };
};

/**
 * Lists the schemas that have a `.meta({ id })` under `components.schemas` (routes reference
 * them by `$ref`; without this they would dangle), each as a plain OpenAPI 3.1 Schema Object:
 * zod writes each as a JSON Schema document of its own, with a `$schema` and an `$id` holding a
 * fragment, which a Schema Object inside the document must not carry.
 */
const componentSchemas: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as OpenApiDocument;
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => {
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    return [name, rest];
  });
  return {
    ...document,
    components: { ...document.components, schemas: Object.fromEntries(schemas) },
  } as ReturnType<SwaggerTransformObject>;
};

/**
 * OpenAPI 3.1 generated from the routes' zod schemas: UI at /api/docs, document at /api/docs/json.
 * 3.1's Schema Objects are JSON Schema 2020-12, what zod writes, so nullable references and
 * unions keep their meaning (docs/decisions/084-openapi-3-1-document.md).
 */
export default fp(
  async function openapi(app: FastifyInstance, options: { publicUrl: string }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Nocturne API', version: '0.1.0' },
        servers: [{ url: options.publicUrl }],
        // What Nocturne POSTs to a person's webhooks (docs/webhooks.md).
        webhooks: webhookEventsDocument,
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // A personal API key (docs/api.md "API keys"): the routes of its scopes list it.
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'nct_…',
              description:
                'A personal API key from Profile → API keys, sent as `Authorization: Bearer nct_…`. Accepted only by the routes that list this scheme; any other route answers 403 API_KEY_SCOPE.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: componentSchemas,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
