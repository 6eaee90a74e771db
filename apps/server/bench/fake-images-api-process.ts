import { fork } from 'node:child_process';
import path from 'node:path';
import type { ServedRequest } from '../test/start-fake-images-api';

/** What the pipeline benchmarks need of the backend they measure around. */
export interface BenchImagesApi {
  url: string;
  /** Every answered request so far, timed on this process's performance.now() clock. */
  served(): ServedRequest[];
}

export interface ImagesApiProcess extends BenchImagesApi {
  /** Its process, whose CPU counts with the bench's own. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The fake images API (test/start-fake-images-api.ts) in a process of its own. In the bench
 * process it shared an event loop with the realtime clients: a worker's request waited there
 * while the client handled the submit's answer, its channel join and its row read (none of which
 * the bare pipeline's client does), so part of the bench's own work was counted as Nocturne's.
 * A real backend is another machine. Alternated in one run against the in-process API (8 rounds,
 * twice): the job reaches the backend about 0.5 ms sooner (POST → backend p50 3.5 → 3.0 and
 * 4.0 → 3.5 ms); the added p50 moved less than the noise (−1.0 and +0.7 ms). The answers' times
 * cross over on the wall clock (performance.timeOrigin + now()), one machine's clock for both.
 */
export async function startImagesApiProcess(): Promise<ImagesApiProcess> {
  const child = fork(path.join(import.meta.dirname, 'fake-images-api-child.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const served: ServedRequest[] = [];
  const toLocal = (wallClock: number) => wallClock - performance.timeOrigin;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`fake images API exited (${code})`)));
    child.on('message', (message: { url?: string; served?: ServedRequest }) => {
      if (message.url) resolve(message.url);
      if (message.served) {
        served.push({
          prompt: message.served.prompt,
          receivedAt: toLocal(message.served.receivedAt),
          answeredAt: toLocal(message.served.answeredAt),
        });
      }
    });
  });
  return {
    url,
    pid: child.pid ?? 0,
    served: () => served,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}
