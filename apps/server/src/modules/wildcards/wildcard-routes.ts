import {
  createWildcardRequestSchema,
  deleteWildcardResponseSchema,
  findWildcardsResponseSchema,
  updateWildcardRequestSchema,
  wildcardResponseSchema,
} from '@nocturne/contract/wildcards/person-wildcards';
import { wildcardParamsSchema } from '@nocturne/contract/wildcards/wildcard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { getRequestUser } from '../auth/get-request-user';
import { createWildcard } from './create-wildcard';
import { deleteWildcard } from './delete-wildcard';
import { updateWildcard } from './update-wildcard';
import { toWildcard } from './wildcard-row';
import { findPersonWildcards, findSharedWildcards } from './wildcards-repository';

const tags = ['wildcards'];
const security = [{ bearer: [] }];
const errors = errorResponses(401, 404, 409, 422);

/**
 * A person's wildcard lists under /api/v1/wildcards (contract wildcards/). Lines are not screened
 * when saved: every prompt's expansion is, at submit, exactly as the engine gets it.
 */
export const wildcardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/wildcards',
    {
      schema: {
        operationId: 'listWildcards',
        summary: 'List your wildcard lists and the shared ones',
        tags,
        security,
        response: { 200: findWildcardsResponseSchema, 401: errors[401] },
      },
    },
    async (request) => ({
      wildcards: (await findPersonWildcards(db, getRequestUser(request).id)).map(toWildcard),
      shared: (await findSharedWildcards(db)).map(toWildcard),
    }),
  );

  app.post(
    '/wildcards',
    {
      schema: {
        operationId: 'createWildcard',
        summary: 'Create a wildcard list a prompt can name with __name__',
        tags,
        security,
        body: createWildcardRequestSchema,
        response: { 200: wildcardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      return { wildcard: toWildcard(await createWildcard({ db, userId, request: request.body })) };
    },
  );

  app.put(
    '/wildcards/:name',
    {
      schema: {
        operationId: 'updateWildcard',
        summary: 'Rename a wildcard list or replace its lines',
        tags,
        security,
        params: wildcardParamsSchema,
        body: updateWildcardRequestSchema,
        response: { 200: wildcardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      const { name } = request.params;
      const row = await updateWildcard({ db, userId, name, change: request.body });
      return { wildcard: toWildcard(row) };
    },
  );

  app.delete(
    '/wildcards/:name',
    {
      schema: {
        operationId: 'deleteWildcard',
        summary: 'Delete a wildcard list',
        tags,
        security,
        params: wildcardParamsSchema,
        response: { 200: deleteWildcardResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteWildcard({ db, userId: getRequestUser(request).id, name: request.params.name });
      return { deleted: true as const };
    },
  );
};
