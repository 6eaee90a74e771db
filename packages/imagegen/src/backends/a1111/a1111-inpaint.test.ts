import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startFakeA1111 } from '../../../test/helpers/fake-a1111';
import { pixelAt, solidPng } from '../../../test/helpers/inpaint-pixels';
import { maskPng } from '../../../test/helpers/mask-png';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';

const { generator, track } = useRemoteGenerators();

async function a1111Engine() {
  const server = await startFakeA1111();
  track(() => server.close());
  const engine = await generator({ backend: 'a1111', a1111: { url: server.url } });
  return { server, engine };
}

const BLUE = { r: 30, g: 60, b: 220 };
/** The colour the fake A1111's every image has (test/helpers/sample-png.ts). */
const FAKE_DRAWN = [200, 40, 90];

describe('inpainting on AUTOMATIC1111', () => {
  it('sends img2img with the source, the mask at its size, the inpainting fields and the strength', async () => {
    const { server, engine } = await a1111Engine();
    const png = await solidPng(128, 64, BLUE);
    const mask = await maskPng({ width: 256, height: 128 }, { x: 128, y: 0, w: 128, h: 128 });
    const out = await engine.generate({
      prompt: 'a kite',
      seed: 4,
      init: { png, strength: 0.9, mask },
    });
    const body = server.img2img[0] ?? {};
    expect(body).toMatchObject({
      init_images: [png.toString('base64')],
      denoising_strength: 0.9,
      mask_blur: 4,
      inpainting_fill: 1,
      inpaint_full_res: false,
      inpainting_mask_invert: 0,
      width: 128,
      height: 64,
      seed: 4,
    });
    const sent = Buffer.from(String(body.mask), 'base64');
    expect(await sharp(sent).metadata()).toMatchObject({ width: 128, height: 64, channels: 1 });
    expect((await pixelAt(sent, 120, 10))[0]).toBe(255);
    expect((await pixelAt(sent, 5, 10))[0]).toBe(0);
    expect([out.width, out.height]).toEqual([128, 64]);
    expect(await pixelAt(out.png, 120, 10)).toEqual(FAKE_DRAWN);
    expect(await pixelAt(out.png, 5, 10)).toEqual([BLUE.r, BLUE.g, BLUE.b]);
  });

  it('sends no mask for a plain variation', async () => {
    const { server, engine } = await a1111Engine();
    await engine.generate({
      prompt: 'a kite',
      init: { png: await solidPng(64, 64, BLUE), strength: 0.5 },
    });
    expect(server.img2img[0]).not.toHaveProperty('mask');
    expect(server.img2img[0]).not.toHaveProperty('inpainting_fill');
  });

  it('is a fake that refuses a mask that is no image, as api.py does', async () => {
    const { server } = await a1111Engine();
    const png = (await solidPng(64, 64, BLUE)).toString('base64');
    const response = await fetch(`${server.url}/sdapi/v1/img2img`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ init_images: [png], mask: 'bm90IGFuIGltYWdl', width: 64, height: 64 }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ detail: 'Invalid encoded image' });
  });
});
