import {
  createGenerationResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '@nocturne/contract/generations/create-generation';
import {
  createUpscaleRequestSchema,
  createVariationRequestSchema,
} from '@nocturne/contract/generations/derive-generation';
import { generationParamsSchema } from '@nocturne/contract/generations/generation';
import { contentPolicyErrorSchema } from '@nocturne/contract/generations/content-policy';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getRequestUser } from '../auth/get-request-user';
import { createGeneration, type GenerationQueueSettings } from './create-generation';
import { readServedEngines } from '../models/served-engines';
import { assertDerivable, assertUpscaleFits, derivedSubmit, type DeriveAction } from './derivation';
import { getOwnedGeneration } from './get-owned-generation';
import { refuseBidiPrompts } from './refuse-bidi-prompts';
import { security, tags } from './generation-routes';

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
 * POST /generations/{id}/variations and …/upscale, under /api/v1: one image made from one of the
 * person's own stored results, through the same checks and the same submit as POST /generate.
 */
export const generationDeriveRoutes: FastifyPluginAsyncZod<{
  queue: GenerationQueueSettings;
}> = async (app, options) => {
  const db = app.database.db;

  /** Switch, source, moderation (the source's prompt against today's rules), then the submit. */
  async function submitDerived(request: FastifyRequest, id: string, action: DeriveAction) {
    const userId = getRequestUser(request).id;
    await app.serviceSettings.assertGenerationOpen(userId);
    const source = await getOwnedGeneration({ tx: db, userId, id });
    const served = await readServedEngines(db, app.models.livenessMs);
    assertDerivable(source, action, app.models, served);
    if (action.kind === 'upscale') await assertUpscaleFits(source, action.factor, app.images);
    refuseBidiPrompts(source);
    await app.moderation.screen(userId, {
      sourcePrompt: source.sourcePrompt,
      contentPrompt: source.contentPrompt,
      negativePrompt: source.negativePrompt,
    });
    const { images } = await createGeneration({
      unitOfWork: app.unitOfWork,
      userId,
      ...derivedSubmit(source, action),
      queue: options.queue,
      idempotencyKey: (request.headers as Record<string, string | undefined>)[
        IDEMPOTENCY_KEY_HEADER
      ],
    });
    const [first] = images;
    if (!first) throw new Error('a submit without images');
    return { requestId: first.requestId };
  }

  const preHandler = [app.drain.refuseNewWork, app.personRateLimits.generate];

  app.post(
    '/generations/:id/variations',
    {
      schema: {
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
      schema: {
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
};
