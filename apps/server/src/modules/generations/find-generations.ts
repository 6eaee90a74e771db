import type {
  FindGenerationsQuery,
  FindGenerationsResponse,
} from '@nocturne/contract/generations/generation';
import type { GenerationStatus } from '@nocturne/contract/generations/generation-status';
import { and, asc, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { favorites, generations } from '../../db/generations-schema';
import type { ImageStore } from '../images/image-store';
import { toGeneration, type GenerationRow } from './generation-row';

/** Which of these generations the user has saved to favorites. */
export async function findFavoritedIds(tx: DbHandle, rows: GenerationRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const saved = await tx
    .select({ generationId: favorites.generationId })
    .from(favorites)
    .where(
      inArray(
        favorites.generationId,
        rows.map((row) => row.id),
      ),
    );
  return new Set(saved.map((row) => row.generationId ?? ''));
}

/** A page query's parameters: their values, or placeholders of the same names when prepared. */
type GenerationsParams = {
  userId: string | Placeholder;
  status: GenerationStatus | Placeholder;
  limit: number | Placeholder;
  offset: number | Placeholder;
};

const PLACEHOLDERS: GenerationsParams = {
  userId: sql.placeholder('userId'),
  status: sql.placeholder('status'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** The values of `query`; without a status filter, `status` is a value its SQL never reads. */
function generationsParams(userId: string, query: FindGenerationsQuery): GenerationsParams {
  return { userId, status: query.status ?? 'queued', limit: query.limit, offset: query.offset };
}

/** The caller's generations, of one status when `query` asks for one. */
function generationsWhere(query: FindGenerationsQuery, params: GenerationsParams) {
  return and(
    eq(generations.userId, params.userId),
    query.status ? eq(generations.status, params.status) : undefined,
  );
}

function buildPageQuery(db: DbHandle, query: FindGenerationsQuery, params: GenerationsParams) {
  const direction = query.orderDirection === 'asc' ? asc : desc;
  // By status, then by time within one status; the id breaks ties so pages never overlap or skip.
  const order =
    query.orderBy === 'status'
      ? [direction(generations.status), direction(generations.createdAt), direction(generations.id)]
      : [direction(generations.createdAt), direction(generations.id)];
  return db
    .select()
    .from(generations)
    .where(generationsWhere(query, params))
    .orderBy(...order)
    .limit(params.limit)
    .offset(params.offset);
}

function buildCountQuery(db: DbHandle, query: FindGenerationsQuery, params: GenerationsParams) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(generations)
    .where(generationsWhere(query, params));
}

/** One page of the user's generations, as GET /generations orders them (also EXPLAINed in tests). */
export function generationsPageQuery(db: DbHandle, userId: string, query: FindGenerationsQuery) {
  return buildPageQuery(db, query, generationsParams(userId, query));
}

/**
 * Page and count queries per shape of request (status filter or not, order), as
 * find-favorites.ts keeps them: unnamed statements, planned by PostgreSQL with each call's values.
 */
const preparedFor = preparedPerDatabase(
  (db, query: FindGenerationsQuery) => ({
    page: buildPageQuery(db, query, PLACEHOLDERS).prepare(''),
    count: buildCountQuery(db, query, PLACEHOLDERS).prepare(''),
  }),
  (query) => [query.status ? 's' : '', query.orderBy, query.orderDirection].join(':'),
);

/** GET /generations: the user's own generations, one page, and how many there are in all. */
export async function findGenerations(options: {
  db: DbHandle;
  userId: string;
  query: FindGenerationsQuery;
  urlFor: ImageStore['urlFor'];
}): Promise<FindGenerationsResponse> {
  const { db, userId, query, urlFor } = options;
  const { page, count } = preparedFor(db, query);
  const params = generationsParams(userId, query);
  const [rows, [counted]] = await Promise.all([page.execute(params), count.execute(params)]);
  const saved = await findFavoritedIds(db, rows);
  return {
    generations: rows.map((row) => toGeneration(row, saved.has(row.id), urlFor)),
    total: counted?.total ?? 0,
  };
}
