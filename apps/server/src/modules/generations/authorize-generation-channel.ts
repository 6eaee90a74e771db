import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { preparedOncePerDatabase } from '../../db/prepared-per-database';

/** Prepared once per database: every generation's channel is joined at least once. */
const preparedFor = preparedOncePerDatabase((db) =>
  db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        eq(generations.requestId, sql.placeholder('requestId')),
        eq(generations.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('generation_channel_owner'),
);

/** generation:{request_id} is joinable by the owner of that request only. */
export async function authorizeGenerationChannel(options: {
  db: DbHandle;
  userId: string;
  requestId: string;
}): Promise<boolean> {
  const [row] = await preparedFor(options.db).execute({
    requestId: options.requestId,
    userId: options.userId,
  });
  return row !== undefined;
}
