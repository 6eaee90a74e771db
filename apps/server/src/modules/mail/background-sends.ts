import type { Logger } from '../../lib/create-logger';

/** Mail sent after the request that asked for it has been answered. */
export interface BackgroundSends {
  /** Starts `send` without waiting for it; a failure is logged with `what`. */
  start(what: string, send: () => Promise<void>): void;
  /** Resolves once every send started so far has finished (the app awaits it on close). */
  settled(): Promise<void>;
}

/**
 * An answer that waits for a mail tells whoever asked whether there was anyone to mail (a
 * password reset for a known address would answer later than for an unknown one); started here,
 * the mail leaves after the answer, and shutting down still lets it finish.
 */
export function createBackgroundSends(logger: Logger): BackgroundSends {
  const inFlight = new Set<Promise<void>>();
  return {
    start(what, send) {
      const running = Promise.resolve()
        .then(send)
        .catch((error: unknown) => logger.error({ err: error }, `${what} failed`))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
