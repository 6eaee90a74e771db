/** When a delivery that was not answered with a 2xx is tried again, and when it is given up. */
export interface WebhookRetrySchedule {
  /** The wait after the `attempt`-th attempt failed (1 for the first). */
  delayAfter(attempt: number): number;
  /** From the event: a retry that would come later is not made, and the delivery has failed. */
  giveUpAfterMs: number;
}

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

/**
 * Exponential backoff from `baseMs`, doubled each attempt up to `maxMs`, each wait drawn between
 * its half and its whole (jitter), so receivers that come back are not hit by every process at
 * once; given up `giveUpAfterMs` after the event.
 */
export function exponentialRetrySchedule(
  options: { baseMs: number; maxMs: number; giveUpAfterMs: number },
  random: () => number = Math.random,
): WebhookRetrySchedule {
  return {
    delayAfter(attempt) {
      const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
      return Math.round(ceiling / 2 + (random() * ceiling) / 2);
    },
    giveUpAfterMs: options.giveUpAfterMs,
  };
}

/** Production's: from 30 s up to an hour between attempts, for 24 hours after the event. */
export const WEBHOOK_RETRY_SCHEDULE = exponentialRetrySchedule({
  baseMs: 30 * SECOND,
  maxMs: HOUR,
  giveUpAfterMs: 24 * HOUR,
});
