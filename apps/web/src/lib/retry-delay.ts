import { RETRY_BASE_DELAY_MS, RETRY_MAX_JITTER_MS } from '@nocturne/contract/constants';

/** Spec §9: 1000 ms doubling per attempt plus up to 1000 ms of random jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return RETRY_BASE_DELAY_MS * 2 ** attempt + Math.floor(random() * RETRY_MAX_JITTER_MS);
}

/** Waits `ms`, or less when `signal` aborts first: a cancelled call must not sit out its back-off. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
    if (signal?.aborted) done();
  });
}
