import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { promptRefusals } from '../../db/moderation-schema';
import { readGenerationHold } from '../moderation/generation-holds';
import {
  escalationLookbackMs,
  refusalsCountFrom,
  suspendedUntil,
} from '../moderation/refusal-escalation';

/**
 * Whether a person's generation is suspended right now, by an operator's hold or by a running
 * pause after refused prompts: the same reading as the submit's screen (screen-prompt.ts), from
 * the same rules (refusal-escalation.ts), without answering an error.
 */
export async function isGenerationSuspended(
  db: DbHandle,
  userId: string,
  suspensionHours: number,
  now = new Date(),
): Promise<boolean> {
  const hold = await readGenerationHold(db, userId);
  if (hold?.suspended) return true;
  const since = refusalsCountFrom(
    new Date(now.getTime() - escalationLookbackMs(suspensionHours)),
    hold?.refusalsCountFrom,
  );
  const refusals = await db
    .select({ createdAt: promptRefusals.createdAt })
    .from(promptRefusals)
    .where(and(eq(promptRefusals.userId, userId), gt(promptRefusals.createdAt, since)))
    .orderBy(asc(promptRefusals.createdAt));
  const times = refusals.map((row) => row.createdAt);
  return suspendedUntil(times, suspensionHours, now) !== null;
}
