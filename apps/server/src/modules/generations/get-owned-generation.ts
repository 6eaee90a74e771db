import { and, asc, eq, or, type Placeholder } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { AppError } from '../../lib/app-error';
import type { GenerationRow } from './generation-row';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Comparing a non-uuid string with a uuid column is a database error, not a miss. */
export const isUuid = (value: string) => UUID.test(value);

/**
 * The owner's generation named by `id` (a value, or a placeholder of a prepared statement): the
 * generation id or the request id when `byUuid`, else only a request id. Ordered by image index
 * and limited to one, it is the submit's first image for a request id.
 */
export function ownedGenerationMatch(
  userId: string | Placeholder,
  id: string | Placeholder,
  byUuid: boolean,
) {
  return and(
    eq(generations.userId, userId),
    byUuid
      ? or(eq(generations.id, id), eq(generations.requestId, id))
      : eq(generations.requestId, id),
  );
}

/**
 * `{id}` in the API is the generation id or its request id (which names the submit's first image).
 * Another user's generation is NOT_FOUND, exactly like a missing one, so ids cannot be probed.
 */
export async function getOwnedGeneration(options: {
  tx: DbHandle;
  userId: string;
  id: string;
  forUpdate?: boolean;
}): Promise<GenerationRow> {
  const { tx, userId, id } = options;
  const query = tx
    .select()
    .from(generations)
    .where(ownedGenerationMatch(userId, id, isUuid(id)))
    .orderBy(asc(generations.imageIndex))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
