import { z } from 'zod';
import { apiKeyNameSchema, apiKeyScopeSchema } from './api-key';

/**
 * POST /api/v1/api-keys (a browser session only: a key cannot make keys, 403 API_KEY_SCOPE).
 * `generations` is always granted, listed or not; 409 API_KEY_LIMIT_REACHED past
 * API_KEYS_PER_PERSON_MAX.
 */
export const createApiKeyRequestSchema = z
  .object({
    name: apiKeyNameSchema,
    scopes: z.array(apiKeyScopeSchema).max(2).optional(),
  })
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** The key, shown this once: only its SHA-256 is stored. */
export const createApiKeyResponseSchema = z
  .object({ id: z.string(), key: z.string() })
  .meta({ id: 'CreateApiKeyResponse' });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;
