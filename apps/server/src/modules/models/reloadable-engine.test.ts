import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { GeneratedImage } from '@nocturne/imagegen/types';
import { describe, expect, it } from 'vitest';
import { createReloadableEngine } from './reloadable-engine';

/** An engine whose jobs finish when the test says, recording what it served and its close. */
function heldEngine(name: string) {
  const finishers: Array<() => void> = [];
  const engine = {
    served: [] as string[],
    closed: false,
    generate: (request: { prompt: string }) => {
      engine.served.push(request.prompt);
      return new Promise<GeneratedImage>((resolve) =>
        finishers.push(() => resolve({ png: Buffer.from(name) } as GeneratedImage)),
      );
    },
    describe: () => ({ backend: 'onnx', configured: 'onnx', model: name, isPreview: false }),
    warmup: async () => undefined,
    close: async () => {
      engine.closed = true;
    },
    finishAll: () => finishers.splice(0).forEach((finish) => finish()),
  };
  return engine;
}

describe('a reloadable engine (a model pulled from the console)', () => {
  it('serves new jobs on the reopened engine and closes the old one once its jobs end', async () => {
    const first = heldEngine('first');
    const second = heldEngine('second');
    const opened = [first, second];
    const engine = await createReloadableEngine(
      async () => opened.shift() as unknown as ImageGenerator,
    );
    const running = engine.generate({ prompt: 'before' });
    const reloaded = engine.reload();
    await Promise.resolve();
    expect(engine.describe().model).toBe('second');
    const after = engine.generate({ prompt: 'after' });
    // Every pending step has run: the old engine still has its job, so it stays open.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(first.closed).toBe(false);
    first.finishAll();
    expect((await running).png.toString()).toBe('first');
    await reloaded;
    expect(first.closed).toBe(true);
    second.finishAll();
    expect((await after).png.toString()).toBe('second');
    expect(second.served).toEqual(['after']);
    expect(second.closed).toBe(false);
  });

  it('closes an idle engine at once', async () => {
    const first = heldEngine('first');
    const opened = [first, heldEngine('second')];
    const engine = await createReloadableEngine(
      async () => opened.shift() as unknown as ImageGenerator,
    );
    await engine.reload();
    expect(first.closed).toBe(true);
  });
});
