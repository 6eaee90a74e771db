import type {
  FindGenerationsQuery,
  FindGenerationsResponse,
} from '@nocturne/contract/generations/generation';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
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

/** One page of the user's generations, as GET /generations orders them (also EXPLAINed in tests). */
export function generationsPageQuery(db: DbHandle, userId: string, query: FindGenerationsQuery) {
  const direction = query.orderDirection === 'asc' ? asc : desc;
  // By status, then by time within one status; the id breaks ties so pages never overlap or skip.
  const order =
    query.orderBy === 'status'
      ? [direction(generations.status), direction(generations.createdAt), direction(generations.id)]
      : [direction(generations.createdAt), direction(generations.id)];
  return db
    .select()
    .from(generations)
    .where(generationsWhere(userId, query))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
}

function generationsWhere(userId: string, query: FindGenerationsQuery) {
  return and(
    eq(generations.userId, userId),
    query.status ? eq(generations.status, query.status) : undefined,
  );
}

/** GET /generations: the user's own generations, one page, and how many there are in all. */
export async function findGenerations(options: {
  db: DbHandle;
  userId: string;
  query: FindGenerationsQuery;
  urlFor: ImageStore['urlFor'];
}): Promise<FindGenerationsResponse> {
  const { db, userId, query, urlFor } = options;
  const [rows, [count]] = await Promise.all([
    generationsPageQuery(db, userId, query),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(generations)
      .where(generationsWhere(userId, query)),
  ]);
  const saved = await findFavoritedIds(db, rows);
  return {
    generations: rows.map((row) => toGeneration(row, saved.has(row.id), urlFor)),
    total: count?.total ?? 0,
  };
}
