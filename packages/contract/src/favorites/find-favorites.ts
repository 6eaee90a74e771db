import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { favoriteSchema } from './save-favorite';

export const FAVORITES_MAX_LIMIT = 100;

/** GET /api/v1/favorites */
export const findFavoritesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FAVORITES_MAX_LIMIT).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  orderBy: z.enum(['created_at', 'content_prompt']).default('created_at'),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
  /** Spec §5 search: case-insensitive substring of the source or content prompt. */
  q: z.string().trim().max(200).optional(),
  /** Time filter (spec §2 All Time / Last 7 Days / Older): saved at or after `since`… */
  since: z.iso.datetime({ offset: true }).optional(),
  /** …and before `until`. */
  until: z.iso.datetime({ offset: true }).optional(),
});
export type FindFavoritesQuery = z.infer<typeof findFavoritesQuerySchema>;

export const findFavoritesResponseSchema = z
  .object({ favorites: z.array(favoriteSchema), total: z.number().int().nonnegative() })
  .meta({ id: 'FavoriteList' });
export type FindFavoritesResponse = z.infer<typeof findFavoritesResponseSchema>;
