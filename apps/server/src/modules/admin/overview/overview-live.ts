import type { AdminOverview } from '@nocturne/contract/admin/overview';

export interface OverviewLive {
  /** Someone joined: the timer runs from now until a tick finds nobody listening. */
  start(): void;
  /** Whether the timer runs (tests, shutdown). */
  running(): boolean;
  stop(): void;
}

/**
 * One timer per process for the `admin:overview` channel: each tick reads the overview once and
 * sends it to every listener of this process; the first tick without a listener stops it. A slow
 * read skips the ticks it overlaps instead of piling reads up.
 */
export function createOverviewLive(options: {
  intervalMs: number;
  listeners: () => number;
  read: () => Promise<AdminOverview>;
  publish: (overview: AdminOverview) => void;
  onError: (error: unknown) => void;
}): OverviewLive {
  let timer: ReturnType<typeof setInterval> | undefined;
  let reading = false;

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };

  async function tick() {
    if (options.listeners() === 0) return stop();
    if (reading) return;
    reading = true;
    try {
      const overview = await options.read();
      if (timer) options.publish(overview);
    } catch (error) {
      options.onError(error);
    } finally {
      reading = false;
    }
  }

  return {
    start() {
      timer ??= setInterval(() => void tick(), options.intervalMs);
    },
    running: () => timer !== undefined,
    stop,
  };
}
