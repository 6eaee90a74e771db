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
import type { ReferenceImages } from './character-reference';
import { toCharacter, type CharacterRow } from './character-row';
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

/** What the routes are handed by the app. */
export interface CharacterRoutesOptions {
  referenceImages: ReferenceImages;
}

/**
 * The reference a create or update asks for, checked to be the person's own kept image before
 * anything is screened or saved: its id, null to remove it, undefined to leave it as it is.
 */
async function requestedReference(
  references: ReferenceImages,
  userId: string,
  requested: string | null | undefined,
): Promise<string | null | undefined> {
  if (!requested) return requested;
  return references.ownResultId(userId, requested);
}

/** Rows as the API shows them, each with its reference's thumbnail. */
async function viewed(references: ReferenceImages, rows: CharacterRow[]): Promise<Character[]> {
  const ids = rows.flatMap((row) => (row.referenceGenerationId ? [row.referenceGenerationId] : []));
  const urls = await references.keptImageUrls(ids);
  return rows.map((row) => toCharacter(row, urls));
}

type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/** The answer holding one character. */
async function shown(references: ReferenceImages, row: CharacterRow) {
  return { character: (await viewed(references, [row]))[0]! };
}

/** A person's characters under /api/v1/characters (contract characters/). */
export const characterRoutes: FastifyPluginAsyncZod<CharacterRoutesOptions> = async (
  app,
  { referenceImages },
) => {
  listAndCreateRoutes(app, referenceImages);
  oneCharacterRoutes(app, referenceImages);
};

/** GET and POST /characters. */
function listAndCreateRoutes(app: RoutesApp, referenceImages: ReferenceImages) {
  const db = app.database.db;
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
      characters: await viewed(
        referenceImages,
        await findCharacters(db, getRequestUser(request).id),
      ),
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
      const reference = await requestedReference(
        referenceImages,
        userId,
        request.body.reference_generation_id,
      );
      await screenDescription(app, userId, request.body.description);
      const row = await createCharacter({
        db,
        userId,
        request: request.body,
        referenceGenerationId: reference,
      });
      return shown(referenceImages, row);
    },
  );
}

/** GET, PUT and DELETE /characters/{id}. */
function oneCharacterRoutes(app: RoutesApp, referenceImages: ReferenceImages) {
  const db = app.database.db;
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
      return shown(referenceImages, await readCharacter({ db, userId, id: request.params.id }));
    },
  );

  app.put(
    '/characters/:id',
    {
      schema: {
        operationId: 'updateCharacter',
        summary: 'Rename a character, change its description or its reference image',
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
      const reference = await requestedReference(
        referenceImages,
        userId,
        request.body.reference_generation_id,
      );
      const { description } = request.body;
      if (description !== undefined) await screenDescription(app, userId, description);
      const change = { ...request.body, reference_generation_id: reference };
      return shown(referenceImages, await updateCharacter({ db, userId, id, change }));
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
}
