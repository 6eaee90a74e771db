import { characterParamsSchema, type Character } from '@nocturne/contract/characters/character';
import {
  characterResponseSchema,
  createCharacterRequestSchema,
} from '@nocturne/contract/characters/create-character';
import {
  deleteCharacterResponseSchema,
  findCharactersResponseSchema,
} from '@nocturne/contract/characters/find-characters';
import { updateCharacterRequestSchema } from '@nocturne/contract/characters/update-character';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { contentPolicyErrorSchema } from '@nocturne/contract/generations/content-policy';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { getRequestUser } from '../auth/get-request-user';
import { toCharacter } from './character-row';
import { findCharacters } from './characters-repository';
import { createCharacter } from './create-character';
import { deleteCharacter } from './delete-character';
import { readCharacter } from './read-character';
import { updateCharacter } from './update-character';

const tags = ['characters'];
const security = [{ bearer: [] }];
const errors = {
  ...errorResponses(401, 403, 404, 409),
  422: contentPolicyErrorSchema.or(errorResponseSchema),
};

/**
 * A description passes the content rules the submit uses before it is saved (18+, a running
 * suspension, the rules): a refusal is recorded like a refused prompt and counts like one.
 */
function screenDescription(app: FastifyInstance, userId: string, description: string) {
  return app.moderation.screen(userId, {
    sourcePrompt: '',
    contentPrompt: description,
    negativePrompt: '',
  });
}

/** A person's characters under /api/v1/characters (contract characters/). */
export const characterRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const shown = (character: Character) => ({ character });

  app.get(
    '/characters',
    {
      schema: {
        operationId: 'listCharacters',
        summary: 'List your characters, by name',
        tags,
        security,
        response: { 200: findCharactersResponseSchema, 401: errors[401] },
      },
    },
    async (request) => ({
      characters: (await findCharacters(db, getRequestUser(request).id)).map(toCharacter),
    }),
  );

  app.post(
    '/characters',
    {
      schema: {
        operationId: 'createCharacter',
        summary: 'Create a character a prompt can name with @name',
        tags,
        security,
        body: createCharacterRequestSchema,
        response: { 200: characterResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      await screenDescription(app, userId, request.body.description);
      return shown(toCharacter(await createCharacter({ db, userId, request: request.body })));
    },
  );

  app.get(
    '/characters/:id',
    {
      schema: {
        operationId: 'getCharacter',
        summary: 'Get one of your characters',
        tags,
        security,
        params: characterParamsSchema,
        response: { 200: characterResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      return shown(toCharacter(await readCharacter({ db, userId, id: request.params.id })));
    },
  );

  app.put(
    '/characters/:id',
    {
      schema: {
        operationId: 'updateCharacter',
        summary: 'Rename a character or change its description',
        tags,
        security,
        params: characterParamsSchema,
        body: updateCharacterRequestSchema,
        response: { 200: characterResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      const { id } = request.params;
      // Another person's id is 404 before any screening, so it records nothing.
      await readCharacter({ db, userId, id });
      const { description } = request.body;
      if (description !== undefined) await screenDescription(app, userId, description);
      return shown(toCharacter(await updateCharacter({ db, userId, id, change: request.body })));
    },
  );

  app.delete(
    '/characters/:id',
    {
      schema: {
        operationId: 'deleteCharacter',
        summary: 'Delete a character',
        tags,
        security,
        params: characterParamsSchema,
        response: { 200: deleteCharacterResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCharacter({ db, userId: getRequestUser(request).id, id: request.params.id });
      return { deleted: true as const };
    },
  );
};
