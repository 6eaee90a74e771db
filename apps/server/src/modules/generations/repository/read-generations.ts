import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { favorites, generations } from '../generations-tables';
import type { GenerationRow } from '../generation-row';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Comparing a non-uuid string with a uuid column is a database error, not a miss. */
export const isUuid = (value: string) => UUID.test(value);

/**
 * The person's generation named by `id`: its generation id, or its request id, which names the
 * submit's first image. A uuid may be either; anything else can only be a request id (comparing
 * it with the uuid column would be a database error, not a miss).
 */
function namedBy(userId: string, id: string): SQL | undefined {
  return and(
    eq(generations.userId, userId),
    isUuid(id)
      ? or(eq(generations.id, id), eq(generations.requestId, id))
      : eq(generations.requestId, id),
  );
}

/** Generation `id`, whoever's it is (a derived job's source); undefined when it is gone. */
export async function findGeneration(db: DbHandle, id: string): Promise<GenerationRow | undefined> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  return row;
}

/** The generations of `ids` that still exist, whoever's they are, in no particular order. */
export function findGenerations(db: DbHandle, ids: readonly string[]): Promise<GenerationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(generations)
    .where(inArray(generations.id, [...ids]));
}

/** The person's generation named by `id`. `forUpdate` locks the row until the transaction ends. */
export async function findOwnedGeneration(
  tx: DbHandle,
  options: { userId: string; id: string; forUpdate?: boolean },
): Promise<GenerationRow | undefined> {
  const { userId, id } = options;
  const query = tx
    .select()
    .from(generations)
    .where(namedBy(userId, id))
    .orderBy(asc(generations.imageIndex))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * findOwnedGeneration's row and whether the person saved it, in one read (GET /generations/{id}
 * and the snapshot of every job's join); undefined when there is none.
 */
export async function findOwnedGenerationWithSaved(
  db: DbHandle,
  options: { userId: string; id: string },
): Promise<{ row: GenerationRow; saved: boolean } | undefined> {
  const [found] = await db
    .select({
      row: generations,
      saved: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(favorites)
        .where(eq(favorites.generationId, generations.id))})`,
    })
    .from(generations)
    .where(namedBy(options.userId, options.id))
    .orderBy(asc(generations.imageIndex))
    .limit(1);
  return found;
}

/** Whether `userId` made the submit `requestId` (who may join generation:{request_id}). */
export async function isRequestOwner(
  db: DbHandle,
  userId: string,
  requestId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.requestId, requestId), eq(generations.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Which of these generations the person has saved to favorites. */
export async function findFavoritedIds(
  tx: DbHandle,
  rows: Pick<GenerationRow, 'id'>[],
): Promise<Set<string>> {
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

/** The stored result file of generation `id`; null when it has none or the row is gone. */
export async function findResultPath(db: DbHandle, id: string): Promise<string | null> {
  const [row] = await db
    .select({ resultPath: generations.resultPath })
    .from(generations)
    .where(eq(generations.id, id));
  return row?.resultPath ?? null;
}
