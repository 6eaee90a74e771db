import {
  confirmRefusalBodySchema,
  falsePositiveBodySchema,
  getAdminRefusalsQuerySchema,
  getAdminRefusalsResponseSchema,
  refusalIdParamsSchema,
  reviewRefusalResponseSchema,
} from '@nocturne/contract/admin/admin-refusals';
import {
  testModerationBodySchema,
  testModerationResponseSchema,
} from '@nocturne/contract/admin/admin-moderation-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findRefusals } from '../moderation/find-refusals';
import { getRequestOperator } from '../operators/require-operator';
import { reviewRefusal } from '../moderation/review-refusal';
import { testPrompt } from './test-prompt';
import { ADMIN_ROUTE } from './admin-route-schema';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 409, 422);

/** The refusals queue, its review, and the rules tester (docs/operators.md#moderation). */
export const refusalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/refusals',
    {
      schema: {
        operationId: 'listRefusals',
        summary: 'Console: list refused prompts for review',
        ...ADMIN_ROUTE,
        querystring: getAdminRefusalsQuerySchema,
        response: { 200: getAdminRefusalsResponseSchema, ...errors },
      },
    },
    async (request) =>
      findRefusals({ db, query: request.query, suspensionHours: app.moderation.suspensionHours }),
  );

  app.post(
    '/refusals/:id/confirm',
    {
      schema: {
        operationId: 'confirmRefusal',
        summary: 'Console: confirm a refusal was right',
        ...ADMIN_ROUTE,
        params: refusalIdParamsSchema,
        body: confirmRefusalBodySchema,
        response: { 200: reviewRefusalResponseSchema, ...errors },
      },
    },
    async (request) =>
      reviewRefusal({
        db,
        operator: getRequestOperator(request),
        id: request.params.id,
        reason: request.body.reason,
        rules: app.moderation.rules.current(),
      }),
  );

  app.post(
    '/refusals/:id/false-positive',
    {
      schema: {
        operationId: 'markRefusalFalsePositive',
        summary: 'Console: mark a refusal wrong and allow the phrase it misread',
        ...ADMIN_ROUTE,
        params: refusalIdParamsSchema,
        body: falsePositiveBodySchema,
        response: { 200: reviewRefusalResponseSchema, ...errors },
      },
    },
    async (request) => {
      const reviewed = await reviewRefusal({
        db,
        operator: getRequestOperator(request),
        id: request.params.id,
        reason: request.body.reason,
        rules: app.moderation.rules.current(),
        falsePositivePhrase: request.body.phrase,
      });
      // This process applies the phrase before answering; the others on the NOTIFY.
      await app.moderation.rules.reload();
      return reviewed;
    },
  );

  app.post(
    '/moderation/test',
    {
      schema: {
        operationId: 'testContentRules',
        summary: 'Console: test a prompt against the content rules',
        ...ADMIN_ROUTE,
        body: testModerationBodySchema,
        response: { 200: testModerationResponseSchema, ...errors },
      },
    },
    async (request) =>
      testPrompt(app.moderation.rules.current(), request.body.prompt, request.body.negative_prompt),
  );
};
