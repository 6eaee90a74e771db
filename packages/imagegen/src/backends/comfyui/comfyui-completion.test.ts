import { afterEach, describe, expect, it } from 'vitest';
import { createImageGenerator } from '../../create-image-generator';
import type { GenerationProgress } from '../../types';
import { startFakeComfy, type ComfyMode } from '../../../test/helpers/fake-comfyui';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function run(mode: ComfyMode) {
  const comfy = await startFakeComfy(mode);
  cleanups.push(() => comfy.close());
  const generator = await createImageGenerator({
    backend: 'comfyui',
    modelsDir: '/nonexistent',
    timeoutMs: 5_000,
    comfyui: { url: comfy.url },
  });
  const progress: GenerationProgress[] = [];
  const image = await generator.generate(
    { prompt: 'a harbour', width: 512, height: 512, steps: 2 },
    { onProgress: (p) => progress.push(p) },
  );
  const historyReads = comfy.requests.filter((r) => r.url.startsWith('/history/')).length;
  return { image, progress, historyReads };
}

describe('comfyui completion', () => {
  it('waits for executing node null, which comes after the history is written', async () => {
    // execution_success arrives 150 ms before the history exists: reading it then fails.
    const { image, historyReads } = await run('slow_history');
    expect(image).toMatchObject({ backend: 'comfyui', width: 64, height: 64 });
    expect(historyReads).toBe(1);
  });

  it('retries the history briefly when a server never sends executing node null', async () => {
    const { image, historyReads } = await run('no_executing_null');
    expect(image).toMatchObject({ backend: 'comfyui', width: 64, height: 64 });
    expect(historyReads).toBeGreaterThanOrEqual(1);
  });

  it("reports the sampler's progress messages as growing remote fractions", async () => {
    const { progress } = await run('ok');
    const remote = progress.filter((p) => p.stage === 'remote').map((p) => p.fraction);
    expect(remote).toEqual([0, 0.5 * 0.9 * 0.95, 0.9 * 0.95]);
    const fractions = progress.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ fraction: 1, stage: 'encode_png' });
  });
});
