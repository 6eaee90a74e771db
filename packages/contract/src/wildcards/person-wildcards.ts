import { z } from 'zod';
import { wildcardNameSchema, wildcardSchema, wildcardValuesSchema } from './wildcard';

/**
 * GET /api/v1/wildcards: the person's lists and the operator's shared ones, by name. A person's
 * list shadows a shared list of the same name: `__name__` picks from the person's.
 */
export const findWildcardsResponseSchema = z
  .object({ wildcards: z.array(wildcardSchema), shared: z.array(wildcardSchema) })
  .meta({ id: 'FindWildcardsResponse' });
export type FindWildcardsResponse = z.infer<typeof findWildcardsResponseSchema>;

/**
 * POST /api/v1/wildcards: 409 WILDCARD_LIMIT_REACHED past WILDCARDS_PER_PERSON_MAX, 409
 * WILDCARD_NAME_TAKEN when the person already has a list of that name.
 */
export const createWildcardRequestSchema = z
  .object({ name: wildcardNameSchema, values: wildcardValuesSchema })
  .meta({ id: 'CreateWildcardRequest' });
export type CreateWildcardRequest = z.infer<typeof createWildcardRequestSchema>;

/**
 * PUT /api/v1/wildcards/{name}: renames the list, replaces its lines, or both (at least one). A
 * name the person has no list of is 404 NOT_FOUND; a new name they already use is 409.
 */
export const updateWildcardRequestSchema = z
  .object({ name: wildcardNameSchema.optional(), values: wildcardValuesSchema.optional() })
  .refine((body) => body.name !== undefined || body.values !== undefined, {
    message: 'name or values is required',
  })
  .meta({ id: 'UpdateWildcardRequest' });
export type UpdateWildcardRequest = z.infer<typeof updateWildcardRequestSchema>;

export const wildcardResponseSchema = z
  .object({ wildcard: wildcardSchema })
  .meta({ id: 'WildcardResponse' });
export type WildcardResponse = z.infer<typeof wildcardResponseSchema>;

/** DELETE /api/v1/wildcards/{name} (and the console's): a list that is not there is 404. */
export const deleteWildcardResponseSchema = z
  .object({ deleted: z.literal(true) })
  .meta({ id: 'DeleteWildcardResponse' });
export type DeleteWildcardResponse = z.infer<typeof deleteWildcardResponseSchema>;
