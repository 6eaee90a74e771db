import type { Generation } from '@nocturne/contract/generations/generation';
import { getTableColumns } from 'drizzle-orm';
import type { ImageStore } from '../images/image-store';
import { toGeneration, type GenerationRow } from './generation-row';
import { generations } from './generations-tables';

/**
 * A generation as GET /generations/{id} showed it when its row was `snapshot`, the row as
 * PostgreSQL's to_jsonb wrote it (column names, JSON values): what a webhook event carries
 * (modules/webhooks), read through the same column mappings drizzle reads the table with. A
 * terminal state is never a favorite yet: a favorite is saved from a result afterwards.
 */
export function generationOfSnapshot(
  snapshot: Record<string, unknown>,
  urlFor: ImageStore['urlFor'],
  now = new Date(),
): Generation {
  const row = Object.fromEntries(
    Object.entries(getTableColumns(generations)).map(([key, column]) => {
      const value = snapshot[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as GenerationRow;
  return toGeneration(row, false, urlFor, now);
}
