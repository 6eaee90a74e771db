import {
  addBlockedNameBodySchema,
  addBlockedTermBodySchema,
  blockedNameSchema,
  blockedTermSchema,
  deleteModerationEntryResponseSchema,
  getAllowedPhrasesResponseSchema,
  getBlockedNamesResponseSchema,
  getBlockedTermsResponseSchema,
} from '@nocturne/contract/admin/admin-moderation-lists';
import type { z } from 'zod';
import { request } from '../../../../lib/api-client';

/** The operators' three lists, by their path under `/api/v1/admin`. */
export type ModerationListPath = 'allowed-phrases' | 'blocked-terms' | 'blocked-names';

export const moderationListKey = (path: ModerationListPath) => ['admin', 'moderation', path];

export const getAllowedPhrases = (signal?: AbortSignal) =>
  request({ path: '/admin/allowed-phrases', signal, schema: getAllowedPhrasesResponseSchema });

export const getBlockedTerms = (signal?: AbortSignal) =>
  request({ path: '/admin/blocked-terms', signal, schema: getBlockedTermsResponseSchema });

export const getBlockedNames = (signal?: AbortSignal) =>
  request({ path: '/admin/blocked-names', signal, schema: getBlockedNamesResponseSchema });

export const addBlockedTerm = (value: z.input<typeof addBlockedTermBodySchema>) =>
  request({
    method: 'POST',
    path: '/admin/blocked-terms',
    body: { schema: addBlockedTermBodySchema, value },
    retry: false,
    schema: blockedTermSchema,
  });

export const addBlockedName = (value: z.input<typeof addBlockedNameBodySchema>) =>
  request({
    method: 'POST',
    path: '/admin/blocked-names',
    body: { schema: addBlockedNameBodySchema, value },
    retry: false,
    schema: blockedNameSchema,
  });

/** `DELETE /api/v1/admin/<list>/{id}`: the entry stops counting at once, in every process. */
export const removeModerationEntry = (path: ModerationListPath, id: string) =>
  request({
    method: 'DELETE',
    path: `/admin/${path}/${encodeURIComponent(id)}`,
    retry: false,
    schema: deleteModerationEntryResponseSchema,
  });
