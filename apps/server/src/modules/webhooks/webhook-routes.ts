import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
} from '@nocturne/contract/webhooks/create-webhook';
import {
  deleteWebhookResponseSchema,
  findWebhooksResponseSchema,
} from '@nocturne/contract/webhooks/find-webhooks';
import { webhookParamsSchema } from '@nocturne/contract/webhooks/webhook';
import { findWebhookDeliveriesResponseSchema } from '@nocturne/contract/webhooks/webhook-deliveries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { getRequestUser } from '../auth/get-request-user';
import { createWebhook } from './create-webhook';
import { toWebhook, toWebhookDelivery } from './webhook-row';
import {
  deleteOwnedWebhook,
  findOwnedWebhook,
  findRecentDeliveries,
  findWebhooks,
} from './webhooks-repository';

const tags = ['webhooks'];
const security = [{ bearer: [] }];
// A key that may generate may also be told when its images are done.
const config = { apiKeyScope: 'generations' as const };

/** A person's webhooks under /api/v1/webhooks (contract webhooks/; docs/webhooks.md). */
export const webhookRoutes: FastifyPluginAsyncZod<{ allowPrivate: boolean }> = async (
  app,
  options,
) => {
  const db = app.database.db;

  app.get(
    '/webhooks',
    {
      config,
      schema: {
        operationId: 'listWebhooks',
        summary: 'List your webhooks (without their secrets)',
        tags,
        security,
        response: { 200: findWebhooksResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      webhooks: (await findWebhooks(db, getRequestUser(request).id)).map(toWebhook),
    }),
  );

  app.post(
    '/webhooks',
    {
      config,
      schema: {
        operationId: 'createWebhook',
        summary: 'Add a webhook; its signing secret is in this answer only',
        tags,
        security,
        body: createWebhookRequestSchema,
        response: {
          201: createWebhookResponseSchema,
          ...errorResponses(401, 403, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const created = await createWebhook({
        db,
        userId: getRequestUser(request).id,
        request: request.body,
        allowPrivate: options.allowPrivate,
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config,
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook and its deliveries',
        tags,
        security,
        params: webhookParamsSchema,
        response: { 200: deleteWebhookResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const deleted = await deleteOwnedWebhook(db, getRequestUser(request).id, request.params.id);
      if (!deleted) throw new AppError('NOT_FOUND');
      return { deleted: true as const };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config,
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "A webhook's recent deliveries, newest first",
        tags,
        security,
        params: webhookParamsSchema,
        response: {
          200: findWebhookDeliveriesResponseSchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const webhook = await findOwnedWebhook(db, getRequestUser(request).id, request.params.id);
      if (!webhook) throw new AppError('NOT_FOUND');
      return { deliveries: (await findRecentDeliveries(db, webhook.id)).map(toWebhookDelivery) };
    },
  );
};
