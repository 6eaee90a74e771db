import type { FindGenerationsQuery } from '@nocturne/contract/generations/generation';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../../../db/generations-schema';

/** The person's generations, of one status when the query asks for one. */
function pageWhere(userId: string, query: FindGenerationsQuery) {
  return and(
    eq(generations.userId, userId),
    query.status ? eq(generations.status, query.status) : undefined,
  );
}

/** One page of the person's generations, as GET /generations orders them (EXPLAINed in tests). */
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
    .where(pageWhere(userId, query))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
}

/** How many generations the page's filter matches in all. */
export async function countGenerations(
  db: DbHandle,
  userId: string,
  query: FindGenerationsQuery,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(generations)
    .where(pageWhere(userId, query));
  return row?.total ?? 0;
}
