import type { FindGenerationsQuery } from '@nocturne/contract/generations/generation';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../generations-tables';

/**
 * A history entry is a submit (decision 054): it is listed by its first image that matches the
 * filter, the row with no matching sibling of a lower `image_index`. The anti-join is served by
 * the (request_id, image_index) index, so the page still stops after `limit` entries.
 */
function entryWhere(userId: string, query: FindGenerationsQuery) {
  const siblingStatus = query.status ? sql`and sibling.status = ${query.status}` : sql``;
  return and(
    eq(generations.userId, userId),
    query.status ? eq(generations.status, query.status) : undefined,
    sql`not exists (select 1 from generations sibling
      where sibling.request_id = ${generations.requestId}
        and sibling.image_index < ${generations.imageIndex} ${siblingStatus})`,
  );
}

/** One page of the person's history entries, as GET /generations orders them (EXPLAINed in tests). */
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
    .where(entryWhere(userId, query))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
}

/** Every image of the given submits that matches the filter, in image order. */
export function submitImagesQuery(
  db: DbHandle,
  userId: string,
  requestIds: string[],
  query: FindGenerationsQuery,
) {
  return db
    .select()
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        inArray(generations.requestId, requestIds),
        query.status ? eq(generations.status, query.status) : undefined,
      ),
    )
    .orderBy(asc(generations.imageIndex));
}

/** How many history entries (submits) the filter matches in all. */
export async function countGenerations(
  db: DbHandle,
  userId: string,
  query: FindGenerationsQuery,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(generations)
    .where(entryWhere(userId, query));
  return row?.total ?? 0;
}
