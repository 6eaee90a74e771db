import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';

/**
 * The request id of the person's earlier submit under an Idempotency-Key (the key marks image 0
 * only): a select to run, or to embed in the submit's lock statement (queue-room.ts).
 */
export function submitUnderKey(tx: DbHandle, userId: string, key: string) {
  return tx
    .select({ requestId: generations.requestId })
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.idempotencyKey, key)));
}
