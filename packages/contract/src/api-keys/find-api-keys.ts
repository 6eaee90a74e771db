import { z } from 'zod';
import { apiKeySchema } from './api-key';

/** GET /api/v1/api-keys: the person's keys, newest first. */
export const findApiKeysResponseSchema = z
  .object({ api_keys: z.array(apiKeySchema) })
  .meta({ id: 'FindApiKeysResponse' });
export type FindApiKeysResponse = z.infer<typeof findApiKeysResponseSchema>;

/** DELETE /api/v1/api-keys/{id}: another person's id is 404 NOT_FOUND. */
export const revokeApiKeyResponseSchema = z
  .object({ revoked: z.literal(true) })
  .meta({ id: 'RevokeApiKeyResponse' });
export type RevokeApiKeyResponse = z.infer<typeof revokeApiKeyResponseSchema>;
