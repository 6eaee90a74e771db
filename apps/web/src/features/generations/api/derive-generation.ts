import {
  createGenerationResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CreateGenerationResponse,
} from '@nocturne/contract/generations/create-generation';
import {
  createUpscaleRequestSchema,
  createVariationRequestSchema,
} from '@nocturne/contract/generations/derive-generation';
import { request } from '../../../lib/api-client';
import type { DeriveRequest } from '../types';

/**
 * `POST /api/v1/generations/{id}/variations` or `…/upscale`: one new image from one of the
 * person's results, answered `{ requestId }` like POST /generate and retried under one
 * Idempotency-Key the same way.
 */
export async function deriveGeneration({
  sourceId,
  action,
  idempotencyKey,
  signal,
}: DeriveRequest & {
  idempotencyKey: string;
  signal: AbortSignal;
}): Promise<CreateGenerationResponse> {
  const id = encodeURIComponent(sourceId);
  const common = {
    method: 'POST' as const,
    signal,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: createGenerationResponseSchema,
  };
  return action.kind === 'variation'
    ? request({
        ...common,
        path: `/generations/${id}/variations`,
        body: { schema: createVariationRequestSchema, value: { strength: action.strength } },
      })
    : request({
        ...common,
        path: `/generations/${id}/upscale`,
        body: { schema: createUpscaleRequestSchema, value: { factor: action.factor } },
      });
}
