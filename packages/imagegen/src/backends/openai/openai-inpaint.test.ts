import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { answerEdit, type EditCall } from '../../../test/helpers/fake-images-edits';
import { trackTestServers } from '../../../test/helpers/http-server';
import { pixelAt, solidPng } from '../../../test/helpers/inpaint-pixels';
import { maskPng } from '../../../test/helpers/mask-png';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { encodeMultipart } from '../multipart';

const fake = trackTestServers();
const { generator } = useRemoteGenerators();

async function imagesApi(options: { edits?: boolean } = {}) {
  const calls: EditCall[] = [];
  const server = await fake((req, res, _body, raw) => answerEdit(req, res, raw, calls, options));
  return Object.assign(server, { calls });
}

const engineFor = (url: string, model: string, edits?: boolean) =>
  generator({ backend: 'openai', openai: { url, model, ...(edits ? { edits } : {}) } });

const GREY = { r: 90, g: 90, b: 90 };
/** The colour the fake API's every image has (test/helpers/sample-png.ts). */
const FAKE_DRAWN = [200, 40, 90];

/** The alpha of one pixel of a PNG. */
async function alphaAt(png: Buffer, x: number, y: number): Promise<number | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * 4 + 3];
}

describe('inpainting through the images API’s edits', () => {
  it('sends the mask transparent where edited, at the source’s size, and keeps the rest', async () => {
    const server = await imagesApi();
    const g = await engineFor(server.url, 'gpt-image-1', true);
    const png = await solidPng(256, 256, GREY);
    const mask = await maskPng({ width: 64, height: 64 }, { x: 0, y: 0, w: 64, h: 32 });
    const out = await g.generate({ prompt: 'a balloon', init: { png, strength: 0.9, mask } });
    const [call] = server.calls;
    expect(call).toMatchObject({ imageField: 'image[]', size: '1024x1024', prompt: 'a balloon' });
    expect(call?.image.equals(png)).toBe(true);
    const sent = call?.mask ?? Buffer.alloc(0);
    expect(await sharp(sent).metadata()).toMatchObject({ width: 256, height: 256, hasAlpha: true });
    expect(await alphaAt(sent, 128, 20)).toBe(0);
    expect(await alphaAt(sent, 128, 230)).toBe(255);
    // The API answers at 1024×1024: the result is brought back to the source's size.
    expect([out.width, out.height]).toEqual([256, 256]);
    expect(await pixelAt(out.png, 128, 20)).toEqual(FAKE_DRAWN);
    expect(await pixelAt(out.png, 128, 230)).toEqual([GREY.r, GREY.g, GREY.b]);
  });

  it('refuses a mask for an entry without edits before calling the API', async () => {
    const server = await imagesApi();
    const g = await engineFor(server.url, 'dall-e-2');
    expect(g.describe().capabilities?.inpaint).toBe(false);
    const mask = await maskPng({ width: 64, height: 64 }, { x: 0, y: 0, w: 32, h: 32 });
    const refused = g.generate({
      prompt: 'owl',
      init: { png: await solidPng(64, 64, GREY), strength: 0.9, mask },
    });
    await expect(refused).rejects.toMatchObject({ kind: 'unsupported' });
    expect(server.requests).toHaveLength(0);
  });

  it('is a fake that refuses what the API refuses: no edits route, a mask without alpha or of another size', async () => {
    const without = await engineFor((await imagesApi({ edits: false })).url, 'dall-e-2', true);
    const png = await solidPng(64, 64, GREY);
    await expect(without.generate({ prompt: 'owl', init: { png, strength: 0.5 } })).rejects.toThrow(
      /Invalid URL \(POST \/v1\/images\/edits\)/,
    );
    const server = await imagesApi();
    const send = async (mask: Buffer) => {
      const form = encodeMultipart({
        model: 'dall-e-2',
        prompt: 'owl',
        image: { filename: 'a.png', contentType: 'image/png', data: png },
        mask: { filename: 'm.png', contentType: 'image/png', data: mask },
      });
      const response = await fetch(`${server.url}/v1/images/edits`, {
        method: 'POST',
        headers: { 'content-type': form.contentType },
        body: new Uint8Array(form.body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { error: { message: string } },
      };
    };
    const opaque = await send(await maskPng({ width: 64, height: 64 }, { x: 0, y: 0, w: 8, h: 8 }));
    expect(opaque.status).toBe(400);
    expect(opaque.body.error.message).toMatch(/alpha channel/);
    const small = await send(await maskPng({ width: 32, height: 32 }, undefined, 'rgba'));
    expect(small.status).toBe(400);
    expect(small.body.error.message).toMatch(/same dimensions/);
  });
});
