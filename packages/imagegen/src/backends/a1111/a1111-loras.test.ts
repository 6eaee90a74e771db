import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../../model-catalog/model-catalog-schema';
import { startFakeA1111, type FakeA1111Options } from '../../../test/helpers/fake-a1111';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';

const { generator, track } = useRemoteGenerators();

async function a1111(options?: FakeA1111Options) {
  const server = await startFakeA1111(options);
  track(() => server.close());
  return server;
}

const LORAS = [
  { id: 'ink', name: 'Ink', file: 'ink_sketch.safetensors' },
  { id: 'grain', name: 'Grain', file: 'film_grain' },
];

/** An engine opened the way the server opens a catalog model with LoRAs. */
async function engineFor(url: string) {
  const entry = catalogEntrySchema.parse({
    id: 'm',
    name: 'M',
    backend: 'a1111',
    url,
    loras: LORAS,
  });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(entry, { modelsDir: '/x' }, {});
  return generator({ ...config, a1111: { ...config.a1111!, progressIntervalMs: 20 } });
}

describe('AUTOMATIC1111 LoRAs', () => {
  it('sends <lora:name:weight> after the prompt, in the engine’s text only', async () => {
    const server = await a1111({ loras: ['ink_sketch', 'film_grain'] });
    const engine = await engineFor(server.url);
    await engine.generate({
      prompt: 'a harbour, ink sketch',
      loras: [
        { file: 'ink_sketch.safetensors', weight: 0.7 },
        { file: 'film_grain', weight: -1 },
      ],
    });
    expect(server.txt2img[0]?.prompt).toBe(
      'a harbour, ink sketch <lora:ink_sketch:0.7> <lora:film_grain:-1>',
    );
    await engine.generate({ prompt: 'a harbour' });
    expect(server.txt2img[1]?.prompt).toBe('a harbour');
  });

  it('is ready when /sdapi/v1/loras lists every LoRA of its entry', async () => {
    const server = await a1111({ loras: ['film_grain', 'ink_sketch', 'other'] });
    const engine = await engineFor(server.url);
    expect(await engine.probe!()).toMatchObject({ state: 'ready' });
  });

  it('is misconfigured, naming the missing file, when A1111 does not list a LoRA', async () => {
    const server = await a1111({ loras: ['film_grain'] });
    const engine = await engineFor(server.url);
    expect(await engine.probe!()).toEqual({
      state: 'misconfigured',
      cause: 'LoRA ink_sketch.safetensors not in /sdapi/v1/loras (it has: film_grain)',
    });
  });
});
