import type { Generation } from '@nocturne/contract/generations/generation';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { AppError } from '../../lib/app-error';
import type { ImageStore } from '../images/image-store';
import { toGeneration } from './generation-row';
import { isUuid, ownedGenerationMatch } from './get-owned-generation';

/**
 * The row (getOwnedGeneration's match) and whether it is a favorite, in one statement prepared
 * once per database and per shape of id: a non-uuid string can only be a request id.
 */
const preparedFor = preparedPerDatabase(
  (db, byUuid: boolean) =>
    db
      .select({
        ...getTableColumns(generations),
        // Spelled out: drizzle leaves the columns of a one-table select unqualified, and an
        // unqualified "id" inside the subquery would be the favorite's own.
        isFavorite: sql<boolean>`exists (select 1 from "favorites" where "favorites"."generation_id" = "generations"."id")`,
      })
      .from(generations)
      .where(ownedGenerationMatch(sql.placeholder('userId'), sql.placeholder('id'), byUuid))
      .orderBy(asc(generations.imageIndex))
      .limit(1)
      .prepare(byUuid ? 'owned_generation_by_uuid' : 'owned_generation_by_request_id'),
  (byUuid) => (byUuid ? 'uuid' : 'request'),
);

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
  const [found] = await preparedFor(db, isUuid(id)).execute({ userId, id });
  if (!found) throw new AppError('NOT_FOUND');
  const { isFavorite, ...row } = found;
  return toGeneration(row, isFavorite, options.urlFor);
}
