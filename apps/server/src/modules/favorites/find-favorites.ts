import type {
  FindFavoritesQuery,
  FindFavoritesResponse,
} from '@nocturne/contract/favorites/find-favorites';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { favorites } from '../../db/generations-schema';
import { toFavorite } from './favorite-row';

/** GET /favorites: the user's saved images, one page, and how many there are in all. */
export async function findFavorites(options: {
  db: DbHandle;
  userId: string;
  query: FindFavoritesQuery;
}): Promise<FindFavoritesResponse> {
  const { db, userId, query } = options;
  const column = query.orderBy === 'content_prompt' ? favorites.contentPrompt : favorites.createdAt;
  const direction = query.orderDirection === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(direction(column), direction(favorites.id))
    .limit(query.limit)
    .offset(query.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(favorites)
    .where(eq(favorites.userId, userId));
  return { favorites: rows.map(toFavorite), total: count?.total ?? 0 };
}
