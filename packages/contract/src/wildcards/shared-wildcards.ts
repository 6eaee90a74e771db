import { z } from 'zod';
import { wildcardSchema, wildcardValuesSchema } from './wildcard';

/** GET /api/v1/admin/wildcards: the shared lists every person's prompts may name, by name. */
export const sharedWildcardsResponseSchema = z
  .object({ wildcards: z.array(wildcardSchema) })
  .meta({ id: 'SharedWildcardsResponse' });
export type SharedWildcardsResponse = z.infer<typeof sharedWildcardsResponseSchema>;

/** PUT /api/v1/admin/wildcards/{name}: creates the shared list or replaces its lines (audited). */
export const putSharedWildcardRequestSchema = z
  .object({ values: wildcardValuesSchema })
  .meta({ id: 'PutSharedWildcardRequest' });
export type PutSharedWildcardRequest = z.infer<typeof putSharedWildcardRequestSchema>;
