import {
  createGenerationResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '@nocturne/contract/generations/create-generation';
import {
  createInpaintRequestSchema,
  createUpscaleRequestSchema,
  createVariationRequestSchema,
  INPAINT_STRENGTH_DEFAULT,
} from '@nocturne/contract/generations/derive-generation';
import { generationParamsSchema } from '@nocturne/contract/generations/generation';
import { contentPolicyErrorSchema } from '@nocturne/contract/generations/content-policy';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getRequestUser } from '../auth/get-request-user';
import type { DeriveAction } from './derivation';
import { submitGeneration, type SubmitDeps } from './submit-generation';
import { security, tags } from './generation-routes';
import { INPAINT_BODY_LIMIT_BYTES } from './submitted-mask';

const responses = {
  200: createGenerationResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  410: errorResponseSchema,
  422: contentPolicyErrorSchema.or(errorResponseSchema),
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const headers = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().min(1).max(200).optional() });

/**
 * POST /generations/{id}/variations, …/upscale and …/inpaint, under /api/v1: one image made from
 * one of the person's own stored results, through the same submit as POST /generate
 * (submit-generation.ts).
 */
export const generationDeriveRoutes: FastifyPluginAsyncZod<{
  submit: SubmitDeps;
}> = async (app, options) => {
  /** The derived image through the one submit; answers the new image's request id. */
  async function submitDerived(request: FastifyRequest, sourceId: string, action: DeriveAction) {
    const [first] = await submitGeneration(options.submit, getRequestUser(request).id, {
      kind: 'derive',
      sourceId,
      action,
      idempotencyKey: (request.headers as Record<string, string | undefined>)[
        IDEMPOTENCY_KEY_HEADER
      ],
    });
    if (!first) throw new Error('a submit without images');
    return { requestId: first.requestId };
  }

  const preHandler = [app.drain.refuseNewWork, app.personRateLimits.generate];

  app.post(
    '/generations/:id/variations',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'createVariation',
        summary: 'Make a variation of one of your images',
        tags,
        security,
        params: generationParamsSchema,
        body: createVariationRequestSchema,
        headers,
        response: responses,
      },
      preHandler,
    },
    async (request) =>
      submitDerived(request, request.params.id, {
        kind: 'variation',
        strength: request.body.strength,
      }),
  );

  app.post(
    '/generations/:id/upscale',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'createUpscale',
        summary: 'Upscale one of your images',
        tags,
        security,
        params: generationParamsSchema,
        body: createUpscaleRequestSchema,
        headers,
        response: responses,
      },
      preHandler,
    },
    async (request) =>
      submitDerived(request, request.params.id, { kind: 'upscale', factor: request.body.factor }),
  );

  app.post(
    '/generations/:id/inpaint',
    {
      config: { apiKeyScope: 'generations' },
      schema: {
        operationId: 'createInpaint',
        summary: 'Repaint a region of one of your images',
        tags,
        security,
        params: generationParamsSchema,
        body: createInpaintRequestSchema,
        headers,
        response: { ...responses, 413: errorResponseSchema },
      },
      // The mask is a PNG in the body: more than the app's own limit allows.
      bodyLimit: INPAINT_BODY_LIMIT_BYTES,
      preHandler,
    },
    async (request) => {
      const { mask, prompt, strength } = request.body;
      return submitDerived(request, request.params.id, {
        kind: 'inpaint',
        mask,
        ...(prompt === undefined ? {} : { prompt }),
        strength: strength ?? INPAINT_STRENGTH_DEFAULT,
      });
    },
  );
};
