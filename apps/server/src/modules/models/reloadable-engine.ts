import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { READY } from '@nocturne/imagegen/engine-probe';

/** An engine whose inside can be swapped while jobs hold it (an embedded model just pulled). */
export interface ReloadableEngine extends ImageGenerator {
  /** Opens a fresh engine, serves the next jobs with it and closes the previous one when idle. */
  reload(): Promise<void>;
}

interface Opened {
  engine: ImageGenerator;
  running: number;
  retired?: () => void;
}

/**
 * Wraps the engine `open` makes. The worker keeps this wrapper, so after `reload` its next job
 * runs on the new engine without a restart; jobs already running finish on the old one, which
 * closes once the last of them ends.
 */
export async function createReloadableEngine(
  open: () => Promise<ImageGenerator>,
): Promise<ReloadableEngine> {
  let current: Opened = { engine: await open(), running: 0 };
  const closeWhenIdle = (opened: Opened) =>
    new Promise<void>((resolve) => {
      if (opened.running === 0) resolve();
      else opened.retired = resolve;
    }).then(() => opened.engine.close());
  return {
    async generate(request, options) {
      const opened = current;
      opened.running += 1;
      try {
        return await opened.engine.generate(request, options);
      } finally {
        opened.running -= 1;
        if (opened.running === 0) opened.retired?.();
      }
    },
    describe: () => current.engine.describe(),
    warmup: () => current.engine.warmup(),
    // The engine serving now: a pull that installs the files shows at the next probe.
    probe: (options) => current.engine.probe?.(options) ?? Promise.resolve(READY),
    close: () => current.engine.close(),
    async reload() {
      const previous = current;
      current = { engine: await open(), running: 0 };
      await closeWhenIdle(previous);
    },
  };
}
