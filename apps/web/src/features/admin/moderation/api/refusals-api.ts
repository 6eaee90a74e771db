import {
  confirmRefusalBodySchema,
  falsePositiveBodySchema,
  getAdminRefusalsResponseSchema,
  reviewRefusalResponseSchema,
  type RefusalStatus,
} from '@nocturne/contract/admin/admin-refusals';
import { request } from '../../../../lib/api-client';

export const REFUSALS_PAGE_SIZE = 20;

/** Every refusals query sits under this key, so a review refreshes the lists and the counts. */
export const refusalsKey = ['admin', 'refusals'] as const;

/** `GET /api/v1/admin/refusals`: one page of a status, newest first, with `total`. */
export function getRefusals(status: RefusalStatus, offset: number, signal?: AbortSignal) {
  return request({
    path: '/admin/refusals',
    query: { status, limit: REFUSALS_PAGE_SIZE, offset },
    signal,
    schema: getAdminRefusalsResponseSchema,
  });
}

/** `POST /api/v1/admin/refusals/{id}/confirm`: the refusal was right. */
export function confirmRefusal(id: string, reason: string) {
  return request({
    method: 'POST',
    path: `/admin/refusals/${encodeURIComponent(id)}/confirm`,
    body: { schema: confirmRefusalBodySchema, value: { reason } },
    retry: false,
    schema: reviewRefusalResponseSchema,
  });
}

/** `POST /api/v1/admin/refusals/{id}/false-positive`: `phrase` becomes an allowed phrase. */
export function markFalsePositive(id: string, reason: string, phrase: string) {
  return request({
    method: 'POST',
    path: `/admin/refusals/${encodeURIComponent(id)}/false-positive`,
    body: { schema: falsePositiveBodySchema, value: { reason, phrase } },
    retry: false,
    schema: reviewRefusalResponseSchema,
  });
}
