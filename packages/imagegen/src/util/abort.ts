import { CancelledError, GenerationTimeoutError } from '../errors';

/** Reason attached to an AbortSignal when our own deadline fires (as opposed to the caller). */
export class DeadlineReason {
  constructor(readonly timeoutMs: number) {}
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortError(signal);
}

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof DeadlineReason) {
    return new GenerationTimeoutError(
      `Generation did not finish within ${reason.timeoutMs} ms; raise the backend timeout or use a faster backend.`,
    );
  }
  return new CancelledError();
}

/** Caller's signal combined with a deadline (none when undefined); `dispose` clears the timer. */
export function withDeadline(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => controller.abort(new DeadlineReason(timeoutMs)), timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Resolves after `ms`, rejecting promptly with the typed abort error if the signal fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
