import {
  createPresetRequestSchema,
  createPresetResponseSchema,
} from '@nocturne/contract/presets/create-preset';
import { deletePresetResponseSchema } from '@nocturne/contract/presets/delete-preset';
import { findPresetsResponseSchema } from '@nocturne/contract/presets/find-presets';
import { presetParamsSchema } from '@nocturne/contract/presets/preset';
import {
  updatePresetRequestSchema,
  updatePresetResponseSchema,
} from '@nocturne/contract/presets/update-preset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestUser } from '../auth/get-request-user';
import { createPreset } from './create-preset';
import { deletePreset } from './delete-preset';
import { findPresets } from './find-presets';
import { toPreset } from './preset-row';
import { updatePreset } from './update-preset';
import { errorResponses } from '../../lib/error-responses';

const tags = ['presets'];
const security = [{ bearer: [] }];
const errors = errorResponses(401, 404, 409, 422);

/** A person's saved generation options under /api/v1/presets (contract presets/). */
export const presetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/presets',
    {
      schema: {
        operationId: 'listPresets',
        summary: 'List your presets',
        tags,
        security,
        response: { 200: findPresetsResponseSchema, 401: errors[401] },
      },
    },
    async (request) => {
      const rows = await findPresets({ db, userId: getRequestUser(request).id });
      return { presets: rows.map(toPreset) };
    },
  );

  app.post(
    '/presets',
    {
      schema: {
        operationId: 'createPreset',
        summary: 'Save generation options as a preset',
        tags,
        security,
        body: createPresetRequestSchema,
        response: { 200: createPresetResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      return { preset: toPreset(await createPreset({ db, userId, request: request.body })) };
    },
  );

  app.put(
    '/presets/:id',
    {
      schema: {
        operationId: 'updatePreset',
        summary: 'Change a preset',
        tags,
        security,
        params: presetParamsSchema,
        body: updatePresetRequestSchema,
        response: { 200: updatePresetResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      const { id } = request.params;
      return { preset: toPreset(await updatePreset({ db, userId, id, change: request.body })) };
    },
  );

  app.delete(
    '/presets/:id',
    {
      schema: {
        operationId: 'deletePreset',
        summary: 'Delete a preset',
        tags,
        security,
        params: presetParamsSchema,
        response: { 200: deletePresetResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deletePreset({ db, userId: getRequestUser(request).id, id: request.params.id });
      return { deleted: true as const };
    },
  );
};
