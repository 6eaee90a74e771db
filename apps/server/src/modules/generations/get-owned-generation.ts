import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { GenerationRow } from './generation-row';
import { findOwnedGeneration } from './repository/read-generations';

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
  const { tx, ...match } = options;
  const row = await findOwnedGeneration(tx, match);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
