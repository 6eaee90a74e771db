import {
  putSharedWildcardRequestSchema,
  sharedWildcardsResponseSchema,
} from '@nocturne/contract/wildcards/shared-wildcards';
import {
  deleteWildcardResponseSchema,
  wildcardResponseSchema,
} from '@nocturne/contract/wildcards/person-wildcards';
import { wildcardParamsSchema } from '@nocturne/contract/wildcards/wildcard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { getRequestOperator } from '../operators/require-operator';
import { removeSharedWildcard, setSharedWildcard } from './shared-wildcards';
import { toWildcard } from './wildcard-row';
import { findSharedWildcards } from './wildcards-repository';

const ADMIN_ROUTE = { tags: ['admin'], security: [{ bearer: [] }] };
const errors = errorResponses(401, 403, 404, 422);

/**
 * The operator's shared wildcard lists at /api/v1/admin/wildcards, registered inside the admin
 * plugin (its hook lets operators only); each change is audited.
 */
export const adminWildcardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/wildcards',
    {
      schema: {
        operationId: 'listSharedWildcards',
        summary: 'Console: list the shared wildcard lists',
        ...ADMIN_ROUTE,
        response: { 200: sharedWildcardsResponseSchema, ...errors },
      },
    },
    async () => ({ wildcards: (await findSharedWildcards(db)).map(toWildcard) }),
  );

  app.put(
    '/wildcards/:name',
    {
      schema: {
        operationId: 'setSharedWildcard',
        summary: 'Console: create a shared wildcard list or replace its lines',
        ...ADMIN_ROUTE,
        params: wildcardParamsSchema,
        body: putSharedWildcardRequestSchema,
        response: { 200: wildcardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await setSharedWildcard({
        db,
        operator: getRequestOperator(request),
        name: request.params.name,
        values: request.body.values,
      });
      return { wildcard: toWildcard(row) };
    },
  );

  app.delete(
    '/wildcards/:name',
    {
      schema: {
        operationId: 'deleteSharedWildcard',
        summary: 'Console: delete a shared wildcard list',
        ...ADMIN_ROUTE,
        params: wildcardParamsSchema,
        response: { 200: deleteWildcardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const operator = getRequestOperator(request);
      await removeSharedWildcard({ db, operator, name: request.params.name });
      return { deleted: true as const };
    },
  );
};
