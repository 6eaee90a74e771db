import {
  PROMPT_REFUSAL_WINDOW_HOURS,
  PROMPT_SUSPENSION_AFTER,
} from '@nocturne/contract/generations/content-policy';

const HOUR_MS = 3_600_000;

/**
 * When generation is paused until, from a person's refusal times (oldest first): a refusal that
 * is the (PROMPT_SUSPENSION_AFTER + 1)th within PROMPT_REFUSAL_WINDOW_HOURS starts a pause of
 * `suspensionHours`. Null when no pause is running at `now`.
 */
export function suspendedUntil(
  refusedAt: readonly Date[],
  suspensionHours: number,
  now: Date,
): Date | null {
  let until: Date | null = null;
  let start = 0;
  refusedAt.forEach((time, index) => {
    while (
      time.getTime() - (refusedAt[start]?.getTime() ?? 0) >=
      PROMPT_REFUSAL_WINDOW_HOURS * HOUR_MS
    ) {
      start += 1;
    }
    if (index - start + 1 > PROMPT_SUSPENSION_AFTER) {
      until = new Date(time.getTime() + suspensionHours * HOUR_MS);
    }
  });
  return until !== null && (until as Date) > now ? until : null;
}

/** How far back refusals matter for `suspendedUntil` at any moment. */
export function escalationLookbackMs(suspensionHours: number): number {
  return (PROMPT_REFUSAL_WINDOW_HOURS + suspensionHours) * HOUR_MS;
}

/**
 * Where a person's refusals start to count for a pause: the lookback's start (`since`), or an
 * operator's restore when that is later (a restore lifts a running pause).
 */
export function refusalsCountFrom(since: Date, restoredAt: Date | null | undefined): Date {
  return restoredAt && restoredAt > since ? restoredAt : since;
}

/** Refusals within the window ending at `now` (the warning counts these). */
export function refusalsInWindow(refusedAt: readonly Date[], now: Date): number {
  const since = now.getTime() - PROMPT_REFUSAL_WINDOW_HOURS * HOUR_MS;
  return refusedAt.filter((time) => time.getTime() > since).length;
}
