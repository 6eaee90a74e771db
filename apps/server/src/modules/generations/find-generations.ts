import type {
  FindGenerationsQuery,
  FindGenerationsResponse,
} from '@nocturne/contract/generations/generation';
import type { DbHandle } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import { toGeneration, type GenerationRow } from './generation-row';
import {
  countGenerations,
  generationsPageQuery,
  submitImagesQuery,
} from './repository/list-generations';
import { findFavoritedIds } from './repository/read-generations';

/**
 * GET /generations: one page of the person's history entries (a submit is one entry), each with
 * all its images in `image_index` order, and how many entries there are in all.
 */
export async function findGenerations(options: {
  db: DbHandle;
  userId: string;
  query: FindGenerationsQuery;
  urlFor: ImageStore['urlFor'];
}): Promise<FindGenerationsResponse> {
  const { db, userId, query, urlFor } = options;
  const [entries, total] = await Promise.all([
    generationsPageQuery(db, userId, query),
    countGenerations(db, userId, query),
  ]);
  const batches = entries.filter((row) => row.imageCount > 1).map((row) => row.requestId);
  const images = batches.length > 0 ? await submitImagesQuery(db, userId, batches, query) : [];
  const rows = entries.flatMap((entry): GenerationRow[] =>
    entry.imageCount > 1 ? images.filter((image) => image.requestId === entry.requestId) : [entry],
  );
  const saved = await findFavoritedIds(db, rows);
  return {
    generations: rows.map((row) => toGeneration(row, saved.has(row.id), urlFor)),
    total,
  };
}
