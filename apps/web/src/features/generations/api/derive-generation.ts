import {
  createGenerationResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CreateGenerationResponse,
} from '@nocturne/contract/generations/create-generation';
import {
  createInpaintRequestSchema,
  createUpscaleRequestSchema,
  createVariationRequestSchema,
} from '@nocturne/contract/generations/derive-generation';
import { request } from '../../../lib/api-client';
import type { DeriveRequest } from '../types';

/** What every derive request shares: the verb, the abort, the key and the answer's schema. */
function commonRequest(idempotencyKey: string, signal: AbortSignal | undefined) {
  return {
    method: 'POST' as const,
    signal,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: createGenerationResponseSchema,
  };
}

/**
 * `POST /api/v1/generations/{id}/variations`, `…/upscale` or `…/inpaint`: one new image from one
 * of the person's results, answered `{ requestId }` like POST /generate and retried under one
 * Idempotency-Key the same way.
 */
export async function deriveGeneration({
  sourceId,
  action,
  idempotencyKey,
  signal,
}: DeriveRequest & {
  idempotencyKey: string;
  signal?: AbortSignal;
}): Promise<CreateGenerationResponse> {
  const id = encodeURIComponent(sourceId);
  const common = commonRequest(idempotencyKey, signal);
  switch (action.kind) {
    case 'variation':
      return request({
        ...common,
        path: `/generations/${id}/variations`,
        body: { schema: createVariationRequestSchema, value: { strength: action.strength } },
      });
    case 'upscale':
      return request({
        ...common,
        path: `/generations/${id}/upscale`,
        body: { schema: createUpscaleRequestSchema, value: { factor: action.factor } },
      });
    case 'inpaint': {
      const { mask, prompt, strength } = action;
      return request({
        ...common,
        path: `/generations/${id}/inpaint`,
        body: { schema: createInpaintRequestSchema, value: { mask, prompt, strength } },
      });
    }
  }
}
