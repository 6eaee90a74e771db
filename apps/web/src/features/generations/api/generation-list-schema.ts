import { z } from 'zod';
import {
  findGenerationsResponseSchema,
  generationSchema,
  type Generation,
} from '@nocturne/contract/generations/generation';
import { GENERATION_STATUSES } from '@nocturne/contract/generations/generation-status';

/**
 * The history as this app reads it: a status it does not know (a newer server) is kept as text and
 * shown as 'Unknown' (spec §4) instead of failing the whole list. The server's output stays strict.
 */
export const generationListItemSchema = generationSchema.extend({
  status: z.union([z.enum(GENERATION_STATUSES), z.string()]),
});
export type GenerationListItem = z.infer<typeof generationListItemSchema>;

export const generationListSchema = findGenerationsResponseSchema.extend({
  generations: z.array(generationListItemSchema),
});
export type GenerationList = z.infer<typeof generationListSchema>;

/** Rows whose status this app knows; only those can be followed live. */
export function hasKnownStatus(row: GenerationListItem): row is Generation {
  return (GENERATION_STATUSES as readonly string[]).includes(row.status);
}
