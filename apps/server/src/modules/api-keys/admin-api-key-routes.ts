import { personIdParamsSchema } from '@nocturne/contract/admin/find-people';
import { adminReasonBodySchema } from '@nocturne/contract/admin/person-actions';
import {
  findApiKeysResponseSchema,
  revokeApiKeyResponseSchema,
} from '@nocturne/contract/api-keys/find-api-keys';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { getRequestOperator } from '../operators/require-operator';
import { findApiKeysOf } from './api-keys-repository';
import { toApiKey } from './api-key-row';
import { revokeApiKey } from './revoke-api-key';

const ADMIN_ROUTE = { tags: ['admin'], security: [{ bearer: [] }] };
const errors = errorResponses(401, 403, 404, 422);

/** The console's view of a person's API keys, and the operator's revoke (audited with a reason). */
export const adminApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/users/:id/api-keys',
    {
      schema: {
        operationId: 'listPersonApiKeys',
        summary: "Console: list a person's API keys",
        ...ADMIN_ROUTE,
        params: personIdParamsSchema,
        response: { 200: findApiKeysResponseSchema, ...errors },
      },
    },
    async (request) => ({
      api_keys: (await findApiKeysOf(db, request.params.id)).map(toApiKey),
    }),
  );

  app.delete(
    '/users/:id/api-keys/:keyId',
    {
      schema: {
        operationId: 'revokePersonApiKey',
        summary: "Console: revoke a person's API key",
        ...ADMIN_ROUTE,
        params: personIdParamsSchema.extend({ keyId: z.uuid() }),
        body: adminReasonBodySchema,
        response: { 200: revokeApiKeyResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeApiKey({
        db,
        actor: getRequestOperator(request),
        userId: request.params.id,
        id: request.params.keyId,
        reason: request.body.reason,
      });
      return { revoked: true as const };
    },
  );
};
