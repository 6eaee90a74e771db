import type { AppDb } from '../../db/database';
import { readGenerationHold } from '../moderation/generation-holds';
import {
  escalationLookbackMs,
  refusalsCountFrom,
  suspendedUntil,
} from '../moderation/refusal-escalation';
import { refusalTimes } from '../moderation/screen-prompt';

/**
 * Whether a person's generation is suspended right now, by an operator's hold or by a running
 * pause after refused prompts: the same reading as the submit's screen (screen-prompt.ts), from
 * the same rules (refusal-escalation.ts), without answering an error.
 */
export async function isGenerationSuspended(
  db: AppDb,
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
  const times = await refusalTimes(db, userId, since);
  return suspendedUntil(times, suspensionHours, now) !== null;
}
