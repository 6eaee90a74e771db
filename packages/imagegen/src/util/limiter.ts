import { abortError } from './abort';

/**
 * Bounds concurrent generations: ONNX on 2 cores gains nothing from running many at once. Written
 * here rather than taken from p-limit: a waiting generation whose signal aborts leaves the queue at
 * once and rejects as cancelled, where p-limit has no per-task abort (a cancelled job would keep
 * its place until a slot frees, behind a generation that may run for a minute) and counts a new
 * task as waiting or running only a microtask later.
 */
export interface Limiter {
  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(max: number): Limiter {
  let active = 0;
  const queue: Array<() => void> = [];

  function release() {
    active--;
    const next = queue.shift();
    if (next) next();
  }

  async function acquire(signal: AbortSignal): Promise<void> {
    if (active < max) {
      active++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        active++;
        resolve();
      };
      const onAbort = () => {
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        reject(abortError(signal));
      };
      queue.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
