import { afterEach } from 'vitest';
import { createImageGenerator } from '../../src/create-image-generator';
import type { ImageGenConfig } from '../../src/config';
import type { TestServer } from './http-server';

/**
 * For tests that drive a remote backend against a fake server: `track` closes what it is given
 * after each test, `generator` opens an engine on the given backend config (closed likewise), and
 * `requestBody` reads the JSON a fake server received at `path`.
 */
export function useRemoteGenerators() {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  return {
    track(close: () => Promise<void>) {
      cleanups.push(close);
    },
    async generator(config: Omit<ImageGenConfig, 'modelsDir'>) {
      const engine = await createImageGenerator({
        modelsDir: '/nonexistent',
        timeoutMs: 5_000,
        ...config,
      });
      cleanups.push(() => engine.close());
      return engine;
    },
  };
}

export const requestBody = (server: TestServer, path: string) =>
  JSON.parse(server.requests.find((r) => r.url === path)?.body ?? '{}') as Record<string, unknown>;
