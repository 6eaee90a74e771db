import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maskPng, transparentPng } from '../../test/helpers/mask-png';
import { InpaintMaskInvalidError } from '../errors';
import { encodeChunk } from '../png/png-chunks';
import { readInpaintMask } from './read-inpaint-mask';

async function reasonOf(read: Promise<unknown>): Promise<string | undefined> {
  try {
    await read;
  } catch (error) {
    return error instanceof InpaintMaskInvalidError ? error.reason : 'another error';
  }
  return undefined;
}

const at = (mask: { data: Uint8Array; width: number }, x: number, y: number) =>
  mask.data[y * mask.width + x];

/** A mask of `width`×`height` whose left half is white, in 16-bit RGBA or grey with alpha. */
function leftHalfWhite(width: number, height: number, layout: 'rgb16' | 'grey-alpha') {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = x < width / 2 ? 255 : 0;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  const image = sharp(data, { raw: { width, height, channels: 4 } });
  return (layout === 'rgb16' ? image.toColourspace('rgb16') : image.toColourspace('b-w'))
    .png()
    .toBuffer();
}

describe('readInpaintMask', () => {
  it('refuses bytes that are not a PNG, a truncated PNG and another format as undecodable', async () => {
    expect(await reasonOf(readInpaintMask(Buffer.from('hello'), 64, 64))).toBe('undecodable');
    expect(await reasonOf(readInpaintMask(Buffer.alloc(0), 64, 64))).toBe('undecodable');
    const png = await maskPng({ width: 64, height: 64 }, { x: 0, y: 0, w: 32, h: 64 });
    expect(await reasonOf(readInpaintMask(png.subarray(0, png.length - 40), 64, 64))).toBe(
      'undecodable',
    );
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(await reasonOf(readInpaintMask(jpeg, 64, 64))).toBe('undecodable');
  });

  it('refuses a PNG of more pixels than any mask may have, unread', () => {
    // A valid 1-bit PNG of 4,200 × 4,200 pixels: a few kilobytes, over 4,096² once unpacked.
    const side = 4200;
    const rows = Buffer.alloc(side * (Math.ceil(side / 8) + 1));
    for (let y = 0; y < side; y++) rows[y * (Math.ceil(side / 8) + 1) + 1] = 0xff;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(side, 0);
    header.writeUInt32BE(side, 4);
    header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      encodeChunk('IHDR', header),
      encodeChunk('IDAT', deflateSync(rows)),
      encodeChunk('IEND', Buffer.alloc(0)),
    ]);
    return expect(reasonOf(readInpaintMask(png, 64, 64))).resolves.toBe('undecodable');
  });

  it('refuses an all-black mask and a fully transparent one as empty', async () => {
    const black = await maskPng({ width: 32, height: 32 });
    expect(await reasonOf(readInpaintMask(black, 64, 64))).toBe('empty');
    const clear = await transparentPng(32, 32);
    expect(await reasonOf(readInpaintMask(clear, 64, 64))).toBe('empty');
  });

  it.each(['grey', 'rgba', 'palette', 'interlaced'] as const)(
    'reads a %s PNG: white where repainted, black where kept, a soft edge between',
    async (format) => {
      const png = await maskPng({ width: 64, height: 64 }, { x: 16, y: 16, w: 32, h: 32 }, format);
      const mask = await readInpaintMask(png, 64, 64);
      expect([mask.width, mask.height, mask.data.length]).toEqual([64, 64, 64 * 64]);
      expect(at(mask, 32, 32)).toBe(255);
      expect(at(mask, 4, 4)).toBe(0);
      expect(at(mask, 60, 32)).toBe(0);
      const edge = at(mask, 16, 32) ?? 0;
      expect(edge).toBeGreaterThan(0);
      expect(edge).toBeLessThan(255);
    },
  );

  it.each(['rgb16', 'grey-alpha'] as const)('reads a %s PNG as the same mask', async (layout) => {
    const mask = await readInpaintMask(await leftHalfWhite(64, 64, layout), 64, 64);
    expect([at(mask, 8, 32), at(mask, 56, 32)]).toEqual([255, 0]);
  });

  it('scales a mask of another size to the image, region for region', async () => {
    const png = await maskPng({ width: 100, height: 50 }, { x: 50, y: 0, w: 50, h: 50 });
    const mask = await readInpaintMask(png, 512, 256);
    expect([mask.width, mask.height]).toEqual([512, 256]);
    expect(at(mask, 400, 128)).toBe(255);
    expect(at(mask, 100, 128)).toBe(0);
    const row = Array.from(mask.data.subarray(128 * 512, 129 * 512));
    const firstWhite = row.findIndex((value) => value === 255);
    expect(Math.abs(firstWhite - 256)).toBeLessThanOrEqual(4);
  });

  it('keeps a thin stroke when the mask is shrunk a lot', async () => {
    const png = await maskPng({ width: 1024, height: 1024 }, { x: 500, y: 0, w: 2, h: 1024 });
    const mask = await readInpaintMask(png, 64, 64);
    expect(mask.data.some((value) => value > 0)).toBe(true);
  });
});
