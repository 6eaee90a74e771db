import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startFakeComfy, type FakeComfyOptions } from '../../../test/helpers/fake-comfyui';
import { pixelAt, solidPng } from '../../../test/helpers/inpaint-pixels';
import { maskPng } from '../../../test/helpers/mask-png';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { makeTempDir } from '../../../test/helpers/temp-dir';

const { generator, track } = useRemoteGenerators();

async function comfyEngine(options?: FakeComfyOptions, workflows?: { inpaint: string }) {
  const server = await startFakeComfy('ok', options);
  track(() => server.close());
  const comfyui = { url: server.url, checkpoint: 'sd_turbo.safetensors', workflows };
  return { server, engine: await generator({ backend: 'comfyui', comfyui }) };
}

const GREEN = { r: 20, g: 200, b: 30 };
/** The colour the fake ComfyUI's every saved image has (test/helpers/sample-png.ts). */
const FAKE_DRAWN = [200, 40, 90];

/** A 128×64 green source and a mask of another size whose left half is white. */
async function sourceAndMask() {
  const png = await solidPng(128, 64, GREEN);
  const mask = await maskPng({ width: 64, height: 32 }, { x: 0, y: 0, w: 32, h: 32 });
  return { png, mask };
}

describe('inpainting on ComfyUI', () => {
  it('uploads source and mask, LoadImageMask → SetLatentNoiseMask over VAEEncode below full strength', async () => {
    const { server, engine } = await comfyEngine();
    const { png, mask } = await sourceAndMask();
    const out = await engine.generate({
      prompt: 'a red door',
      seed: 3,
      init: { png, strength: 0.9, mask },
    });
    const [[imageName, stored] = [], [maskName, storedMask] = []] = [...server.uploads];
    expect(stored?.equals(png)).toBe(true);
    // The mask goes up at the source's size, greyscale, white where repainted.
    expect(await sharp(storedMask).metadata()).toMatchObject({
      width: 128,
      height: 64,
      channels: 1,
    });
    expect((await pixelAt(storedMask!, 10, 30))[0]).toBe(255);
    expect((await pixelAt(storedMask!, 120, 30))[0]).toBe(0);
    const workflow = server.workflows[0] ?? {};
    expect(workflow['10']?.inputs).toEqual({ image: imageName });
    expect(workflow['11']).toEqual({
      class_type: 'LoadImageMask',
      inputs: { image: maskName, channel: 'red' },
    });
    expect(workflow['12']).toEqual({
      class_type: 'VAEEncode',
      inputs: { pixels: ['10', 0], vae: ['4', 2] },
    });
    expect(workflow['13']).toEqual({
      class_type: 'SetLatentNoiseMask',
      inputs: { samples: ['12', 0], mask: ['11', 0] },
    });
    expect(workflow['3']?.inputs).toMatchObject({ denoise: 0.9, seed: 3, latent_image: ['13', 0] });
    expect(out).toMatchObject({ width: 128, height: 64, strength: 0.9 });
    expect(await pixelAt(out.png, 10, 30)).toEqual(FAKE_DRAWN);
    expect(await pixelAt(out.png, 120, 30)).toEqual([GREEN.r, GREEN.g, GREEN.b]);
  });

  it('encodes with VAEEncodeForInpaint at full strength, the LoRAs chained as for any image', async () => {
    const lora = { file: 'ink.safetensors', weight: 0.6 };
    const { server, engine } = await comfyEngine({ loras: [lora.file] });
    const { png, mask } = await sourceAndMask();
    await engine.generate({
      prompt: 'a red door',
      init: { png, strength: 1, mask },
      loras: [lora],
    });
    const workflow = server.workflows[0] ?? {};
    expect(workflow['12']).toEqual({
      class_type: 'VAEEncodeForInpaint',
      inputs: { pixels: ['10', 0], vae: ['4', 2], mask: ['11', 0], grow_mask_by: 6 },
    });
    expect(workflow['3']?.inputs).toMatchObject({ denoise: 1, latent_image: ['12', 0] });
    expect(workflow.nocturne_lora_1?.inputs).toMatchObject({ lora_name: 'ink.safetensors' });
  });

  it('fills an operator’s inpainting workflow; a mask file never uploaded or an unknown channel is refused', async () => {
    const dir = await makeTempDir();
    const graph = (mask: string, channel: string) => ({
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '$checkpoint' } },
      '2': { class_type: 'LoadImage', inputs: { image: '$init_image' } },
      '3': { class_type: 'LoadImageMask', inputs: { image: mask, channel } },
      '4': {
        class_type: 'VAEEncodeForInpaint',
        inputs: { pixels: ['2', 0], vae: ['1', 2], mask: ['3', 0] },
      },
      '5': {
        class_type: 'KSampler',
        inputs: { seed: '$seed', denoise: '$denoise', latent_image: ['4', 0] },
      },
      '6': { class_type: 'VAEDecode', inputs: { samples: ['5', 0], vae: ['1', 2] } },
      '7': { class_type: 'SaveImage', inputs: { images: ['6', 0] } },
    });
    const run = async (mask: string, channel: string) => {
      const path = join(dir, `${mask}-${channel}.json`);
      await writeFile(path, JSON.stringify(graph(mask, channel)));
      const { server, engine } = await comfyEngine(undefined, { inpaint: path });
      const { png, mask: maskBytes } = await sourceAndMask();
      const image = engine.generate({
        prompt: 'owl',
        seed: 2,
        init: { png, strength: 0.8, mask: maskBytes },
      });
      return { server, image };
    };
    const filled = await run('$mask_image', 'red');
    expect((await filled.image).width).toBe(128);
    expect(filled.server.workflows[0]?.['3']?.inputs.image).toBe(
      [...filled.server.uploads.keys()][1],
    );
    expect(filled.server.workflows[0]?.['5']?.inputs).toMatchObject({ seed: 2, denoise: 0.8 });
    const missing = await run('painted.png', 'red');
    await expect(missing.image).rejects.toThrow(
      /node 3 \(LoadImageMask\) image "painted.png" is not one it has/,
    );
    const channel = await run('$mask_image', 'luminance');
    await expect(channel.image).rejects.toThrow(
      /node 3 \(LoadImageMask\) channel "luminance" is not one it has/,
    );
  });
});
