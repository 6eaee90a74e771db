import type {
  FindFavoritesQuery,
  FindFavoritesResponse,
} from '@nocturne/contract/favorites/find-favorites';
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { favorites } from '../../db/generations-schema';
import type { ImageStore } from '../images/image-store';
import { toFavorite } from './favorite-row';

/** `%`, `_` and the escape character itself match literally (PostgreSQL's default ESCAPE is `\`). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * The filter of spec §2/§5: the caller's favorites only; `q` a case-insensitive substring of either
 * prompt (ILIKE on the bare columns, which the trigram indexes of migration favorites_search
 * serve); `since` inclusive, `until` exclusive, so adjacent time ranges never share a favorite.
 */
function favoritesFilter(userId: string, query: FindFavoritesQuery): SQL | undefined {
  const pattern = query.q ? `%${escapeLikePattern(query.q)}%` : undefined;
  return and(
    eq(favorites.userId, userId),
    pattern
      ? or(ilike(favorites.sourcePrompt, pattern), ilike(favorites.contentPrompt, pattern))
      : undefined,
    query.since ? gte(favorites.createdAt, new Date(query.since)) : undefined,
    query.until ? lt(favorites.createdAt, new Date(query.until)) : undefined,
  );
}

/** One page in the requested order, as a query (EXPLAIN and the benchmark reuse it). */
export function favoritesPageQuery(db: DbHandle, userId: string, query: FindFavoritesQuery) {
  const column = query.orderBy === 'content_prompt' ? favorites.contentPrompt : favorites.createdAt;
  const direction = query.orderDirection === 'asc' ? asc : desc;
  return (
    db
      .select()
      .from(favorites)
      .where(favoritesFilter(userId, query))
      // The id breaks ties, so equal prompts or timestamps never repeat or skip across pages.
      .orderBy(direction(column), direction(favorites.id))
      .limit(query.limit)
      .offset(query.offset)
  );
}

export function favoritesCountQuery(db: DbHandle, userId: string, query: FindFavoritesQuery) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(favorites)
    .where(favoritesFilter(userId, query));
}

/** GET /favorites: one page of the user's saved images, and how many match in all. */
export async function findFavorites(options: {
  db: DbHandle;
  userId: string;
  query: FindFavoritesQuery;
  urlFor: ImageStore['urlFor'];
}): Promise<FindFavoritesResponse> {
  const { db, userId, query, urlFor } = options;
  const [rows, [count]] = await Promise.all([
    favoritesPageQuery(db, userId, query),
    favoritesCountQuery(db, userId, query),
  ]);
  return { favorites: rows.map((row) => toFavorite(row, urlFor)), total: count?.total ?? 0 };
}
