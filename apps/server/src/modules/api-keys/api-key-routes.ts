import { apiKeyParamsSchema } from '@nocturne/contract/api-keys/api-key';
import {
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
} from '@nocturne/contract/api-keys/create-api-key';
import {
  findApiKeysResponseSchema,
  revokeApiKeyResponseSchema,
} from '@nocturne/contract/api-keys/find-api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { getRequestUser } from '../auth/get-request-user';
import { findApiKeysOf } from './api-keys-repository';
import { toApiKey } from './api-key-row';
import { createApiKey } from './create-api-key';
import { revokeApiKey } from './revoke-api-key';

const tags = ['api-keys'];
const security = [{ bearer: [] }];
const errors = errorResponses(401, 403, 404, 409, 422);

/**
 * A person's API keys under /api/v1/api-keys (contract api-keys/). No route here names a key
 * scope, so only a browser session manages keys: a key cannot make, list or revoke keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const personOf = (request: Parameters<typeof getRequestUser>[0]) => {
    const user = getRequestUser(request);
    return { id: user.id, email: user.email };
  };

  app.get(
    '/api-keys',
    {
      schema: {
        operationId: 'listApiKeys',
        summary: 'List your API keys (never the keys themselves)',
        tags,
        security,
        response: { 200: findApiKeysResponseSchema, 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => ({
      api_keys: (await findApiKeysOf(db, getRequestUser(request).id)).map(toApiKey),
    }),
  );

  app.post(
    '/api-keys',
    {
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key; the key is in this answer only',
        tags,
        security,
        body: createApiKeyRequestSchema,
        response: { 201: createApiKeyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createApiKey({ db, person: personOf(request), request: request.body });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      schema: {
        operationId: 'revokeApiKey',
        summary: 'Revoke one of your API keys',
        tags,
        security,
        params: apiKeyParamsSchema,
        response: { 200: revokeApiKeyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const person = personOf(request);
      await revokeApiKey({ db, actor: person, userId: person.id, id: request.params.id });
      return { revoked: true as const };
    },
  );
};
