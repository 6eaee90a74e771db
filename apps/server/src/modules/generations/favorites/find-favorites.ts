import type {
  FindFavoritesQuery,
  FindFavoritesResponse,
} from '@nocturne/contract/favorites/find-favorites';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { preparedPerDatabase } from '../../../db/prepared-per-database';
import { favorites } from '../generations-tables';
import type { ImageStore } from '../../images/image-store';
import { toFavorite } from './favorite-row';

/** `%`, `_` and the escape character itself match literally (PostgreSQL's default ESCAPE is `\`). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** A page query's parameters: their values, or placeholders of the same names when prepared. */
type FavoritesParams = {
  userId: string | Placeholder;
  pattern: string | Placeholder;
  since: Date | Placeholder;
  until: Date | Placeholder;
  limit: number | Placeholder;
  offset: number | Placeholder;
};

const PLACEHOLDERS: FavoritesParams = {
  userId: sql.placeholder('userId'),
  pattern: sql.placeholder('pattern'),
  since: sql.placeholder('since'),
  until: sql.placeholder('until'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** The values of `query`; a filter the query leaves out gets a value its SQL never reads. */
function favoritesParams(userId: string, query: FindFavoritesQuery): FavoritesParams {
  return {
    userId,
    pattern: `%${escapeLikePattern(query.q ?? '')}%`,
    since: new Date(query.since ?? 0),
    until: new Date(query.until ?? 0),
    limit: query.limit,
    offset: query.offset,
  };
}

/**
 * The filter of spec §2/§5: the caller's favorites only; `q` a case-insensitive substring of either
 * prompt (ILIKE on the bare columns, which the trigram indexes of migration favorites_search
 * serve); `since` inclusive, `until` exclusive, so adjacent time ranges never share a favorite.
 * Which filters apply comes from `query`; their values from `params`.
 */
function favoritesFilter(query: FindFavoritesQuery, params: FavoritesParams): SQL | undefined {
  return and(
    eq(favorites.userId, params.userId),
    query.q
      ? or(
          ilike(favorites.sourcePrompt, params.pattern),
          ilike(favorites.contentPrompt, params.pattern),
        )
      : undefined,
    query.since ? gte(favorites.createdAt, params.since) : undefined,
    query.until ? lt(favorites.createdAt, params.until) : undefined,
  );
}

function buildPageQuery(db: DbHandle, query: FindFavoritesQuery, params: FavoritesParams) {
  const column = query.orderBy === 'content_prompt' ? favorites.contentPrompt : favorites.createdAt;
  const direction = query.orderDirection === 'asc' ? asc : desc;
  return (
    db
      .select()
      .from(favorites)
      .where(favoritesFilter(query, params))
      // The id breaks ties, so equal prompts or timestamps never repeat or skip across pages.
      .orderBy(direction(column), direction(favorites.id))
      .limit(params.limit)
      .offset(params.offset)
  );
}

function buildCountQuery(db: DbHandle, query: FindFavoritesQuery, params: FavoritesParams) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(favorites)
    .where(favoritesFilter(query, params));
}

/** One page in the requested order, with its values (EXPLAIN and the benchmark use it). */
export function favoritesPageQuery(db: DbHandle, userId: string, query: FindFavoritesQuery) {
  return buildPageQuery(db, query, favoritesParams(userId, query));
}

export function favoritesCountQuery(db: DbHandle, userId: string, query: FindFavoritesQuery) {
  return buildCountQuery(db, query, favoritesParams(userId, query));
}

/**
 * Page and count queries per shape of request (which filters, which order). The empty name keeps
 * them unnamed statements, which PostgreSQL plans with each call's values as before: a plan made
 * once could not see how selective a search is.
 */
const preparedFor = preparedPerDatabase(
  (db, query: FindFavoritesQuery) => ({
    page: buildPageQuery(db, query, PLACEHOLDERS).prepare(''),
    count: buildCountQuery(db, query, PLACEHOLDERS).prepare(''),
  }),
  (query) =>
    [
      query.q ? 'q' : '',
      query.since ? 's' : '',
      query.until ? 'u' : '',
      query.orderBy,
      query.orderDirection,
    ].join(':'),
);

/** GET /favorites: one page of the user's saved images, and how many match in all. */
export async function findFavorites(options: {
  db: DbHandle;
  userId: string;
  query: FindFavoritesQuery;
  urlFor: ImageStore['urlFor'];
}): Promise<FindFavoritesResponse> {
  const { db, userId, query, urlFor } = options;
  const { page, count } = preparedFor(db, query);
  const params = favoritesParams(userId, query);
  const [rows, [counted]] = await Promise.all([page.execute(params), count.execute(params)]);
  return { favorites: rows.map((row) => toFavorite(row, urlFor)), total: counted?.total ?? 0 };
}
