import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';

/** generation:{request_id} is joinable by the owner of that request only. */
export async function authorizeGenerationChannel(options: {
  db: DbHandle;
  userId: string;
  requestId: string;
}): Promise<boolean> {
  const [row] = await options.db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(eq(generations.requestId, options.requestId), eq(generations.userId, options.userId)),
    )
    .limit(1);
  return row !== undefined;
}
