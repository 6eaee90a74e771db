import {
  AUTH_MAX_REFRESHES_PER_WINDOW,
  AUTH_REFRESH_WINDOW_RESET_MS,
} from '@nocturne/contract/constants';

/** Spec §4/§9: at most 3 forced token refreshes per window; the window resets 5 s after the last. */
export function createAuthRefreshLimiter(now: () => number) {
  let count = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    /** Records a refresh attempt; false once this window's allowance is used up. */
    tryAcquire(): boolean {
      const at = now();
      if (at - lastAt >= AUTH_REFRESH_WINDOW_RESET_MS) count = 0;
      count += 1;
      lastAt = at;
      return count <= AUTH_MAX_REFRESHES_PER_WINDOW;
    },
    /** A request that succeeded after its refresh starts a fresh count. */
    reset(): void {
      count = 0;
    },
  };
}
