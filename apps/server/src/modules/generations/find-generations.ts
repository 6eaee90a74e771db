import type {
  FindGenerationsQuery,
  FindGenerationsResponse,
} from '@nocturne/contract/generations/generation';
import type { DbHandle } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import { toGeneration } from './generation-row';
import { countGenerations, generationsPageQuery } from './repository/list-generations';
import { findFavoritedIds } from './repository/read-generations';

/** GET /generations: the person's own generations, one page, and how many there are in all. */
export async function findGenerations(options: {
  db: DbHandle;
  userId: string;
  query: FindGenerationsQuery;
  urlFor: ImageStore['urlFor'];
}): Promise<FindGenerationsResponse> {
  const { db, userId, query, urlFor } = options;
  const [rows, total] = await Promise.all([
    generationsPageQuery(db, userId, query),
    countGenerations(db, userId, query),
  ]);
  const saved = await findFavoritedIds(db, rows);
  return {
    generations: rows.map((row) => toGeneration(row, saved.has(row.id), urlFor)),
    total,
  };
}
