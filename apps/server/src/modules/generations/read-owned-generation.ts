import type { Generation } from '@nocturne/contract/generations/generation';
import type { GenerationSnapshot } from '@nocturne/contract/realtime/join-snapshots';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { AppError } from '../../lib/app-error';
import type { ImageStore } from '../images/image-store';
import { toGeneration } from './generation-row';
import { isUuid, ownedGenerationMatch } from './get-owned-generation';
import { queuedBefore } from './queued-ahead-of';
import {
  queuePlace,
  recentJobSecondsQuery,
  secondsOf,
  type QueueEstimateContext,
} from './queue-wait-estimate';

/** The jobs counted ahead of the row read (which is "generations" itself in that statement). */
const queuedRows = alias(generations, 'queued_rows');

/**
 * While the row read is queued: the queued jobs claimed before it and the recent job duration on
 * `backend`; null otherwise. Its columns are spelled out: drizzle leaves the columns of a
 * one-table select unqualified, and inside the subquery they would name the counted row's own.
 */
function placeWhileQueued(db: DbHandle) {
  const queued = sql`"generations"."status" = 'queued'`;
  const ahead = queuedBefore(
    {
      priority: sql`"generations"."priority"`,
      createdAt: sql`"generations"."created_at"`,
      imageIndex: sql`"generations"."image_index"`,
    },
    queuedRows,
  );
  const count = db
    .select({ count: sql<number>`count(*)::int` })
    .from(queuedRows)
    .where(ahead);
  return {
    ahead: sql<number | null>`case when ${queued} then (${count}) end`,
    seconds: sql<string | number | null>`case when ${queued}
      then (${recentJobSecondsQuery(db, sql.placeholder('backend'))}) end`,
  };
}

/** What changes a read's SQL: a uuid may be either id, and the join's snapshot adds the place. */
interface ReadShape {
  byUuid: boolean;
  withPlace: boolean;
}

/**
 * The row (getOwnedGeneration's match) and whether it is a favorite, with the place when asked, in
 * one statement prepared once per database and per shape: a non-uuid string can only be a
 * request id.
 */
const preparedFor = preparedPerDatabase(
  (db, shape: ReadShape) =>
    db
      .select({
        ...getTableColumns(generations),
        // Spelled out for the same reason as the place's columns: "id" would be the favorite's.
        isFavorite: sql<boolean>`exists (select 1 from "favorites" where "favorites"."generation_id" = "generations"."id")`,
        ...(shape.withPlace ? placeWhileQueued(db) : {}),
      })
      .from(generations)
      .where(ownedGenerationMatch(sql.placeholder('userId'), sql.placeholder('id'), shape.byUuid))
      .orderBy(asc(generations.imageIndex))
      .limit(1)
      .prepare(`owned_generation_${shapeName(shape)}`),
  shapeName,
);

function shapeName({ byUuid, withPlace }: ReadShape): string {
  return `${byUuid ? 'by_uuid' : 'by_request_id'}${withPlace ? '_placed' : ''}`;
}

/**
 * One generation as the API shows it: GET /generations/{id}'s answer, and the snapshot a join of
 * generation:{request_id} carries (the same read, so the two cannot drift apart). NOT_FOUND for
 * another user's or a missing one, exactly like getOwnedGeneration.
 */
export async function readOwnedGeneration(options: {
  db: DbHandle;
  userId: string;
  id: string;
  urlFor: ImageStore['urlFor'];
}): Promise<Generation> {
  const { db, userId, id } = options;
  const [found] = await preparedFor(db, { byUuid: isUuid(id), withPlace: false }).execute({
    userId,
    id,
  });
  if (!found) throw new AppError('NOT_FOUND');
  const { isFavorite, ...row } = found;
  return toGeneration(row, isFavorite, options.urlFor);
}

/**
 * The snapshot a join of generation:{request_id} carries: readOwnedGeneration's answer for the
 * request's first image, in the same statement its place in the queue and wait while queued (as
 * a `queued` update would say them). A fresh submit has no other report of its place: its request
 * id is new, so nobody can have been in its channel when it was queued.
 */
export async function readGenerationSnapshot(options: {
  db: DbHandle;
  userId: string;
  requestId: string;
  urlFor: ImageStore['urlFor'];
  queue: QueueEstimateContext;
}): Promise<GenerationSnapshot> {
  const { db, userId, requestId, queue } = options;
  const [found] = await preparedFor(db, { byUuid: false, withPlace: true }).execute({
    userId,
    id: requestId,
    backend: queue.backend,
  });
  if (!found) throw new AppError('NOT_FOUND');
  const { isFavorite, ahead, seconds, ...row } = found;
  const generation = toGeneration(row, isFavorite, options.urlFor);
  if (ahead === null || ahead === undefined) return generation;
  return { ...generation, ...queuePlace(Number(ahead), secondsOf(seconds), queue.concurrency) };
}
