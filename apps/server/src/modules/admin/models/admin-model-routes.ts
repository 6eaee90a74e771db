import {
  adminModelListSchema,
  adminModelParamsSchema,
  modelPullStateSchema,
  putModelSwitchRequestSchema,
} from '@nocturne/contract/admin/models';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { getRequestOperator } from '../../operators/require-operator';
import { listAdminModels } from './list-admin-models';
import { createModelPulls } from './model-pulls';
import { setModelSwitch } from './set-model-switch';
import { ADMIN_ROUTE } from '../admin-route-schema';
import { errorResponses } from '../../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);

/** The console's Models section (decision 063): the catalog, the switches and the pulls. */
export const adminModelRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const pulls = createModelPulls({
    models: app.models,
    unitOfWork: app.unitOfWork,
    hubUrl: app.models.hubUrl,
    logger: app.log,
  });
  app.addHook('onClose', () => pulls.close());
  const entryOf = (id: string) => {
    const entry = app.models.registry.find(id);
    if (!entry) throw new AppError('NOT_FOUND', { details: { model: id } });
    return entry;
  };
  const list = () => listAdminModels({ db, models: app.models, pulls });

  app.get(
    '/models',
    {
      schema: {
        operationId: 'listCatalogModels',
        summary: "Console: list the catalog's models with their switches, workers and pulls",
        ...ADMIN_ROUTE,
        response: { 200: adminModelListSchema, ...errors },
      },
    },
    list,
  );

  app.put(
    '/models/:id',
    {
      schema: {
        operationId: 'setModelSwitch',
        summary: 'Console: turn a model on or off for every submit',
        ...ADMIN_ROUTE,
        params: adminModelParamsSchema,
        body: putModelSwitchRequestSchema,
        response: { 200: adminModelListSchema, ...errors },
      },
    },
    async (request) => {
      const entry = entryOf(request.params.id);
      const operator = getRequestOperator(request);
      await setModelSwitch({
        unitOfWork: app.unitOfWork,
        operator,
        modelId: entry.id,
        change: request.body,
      });
      app.models.switches.forget();
      return list();
    },
  );

  app.post(
    '/models/:id/pull',
    {
      schema: {
        operationId: 'pullModel',
        summary: "Console: download and install a model's weights on this server",
        ...ADMIN_ROUTE,
        params: adminModelParamsSchema,
        response: { 202: modelPullStateSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = entryOf(request.params.id);
      const manifest = app.models.pullManifest(entry);
      if (!manifest) throw new AppError('MODEL_NOT_PULLABLE', { details: { model: entry.id } });
      const state = await pulls.start(entry, manifest, getRequestOperator(request));
      return reply.code(202).send(state);
    },
  );
};
