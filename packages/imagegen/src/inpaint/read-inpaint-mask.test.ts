import { describe, expect, it } from 'vitest';
import { maskPng, transparentPng } from '../../test/helpers/mask-png';
import { InpaintMaskInvalidError } from '../errors';
import { readInpaintMask } from './read-inpaint-mask';

function reasonOf(read: () => unknown): string | undefined {
  try {
    read();
  } catch (error) {
    return error instanceof InpaintMaskInvalidError ? error.reason : 'another error';
  }
  return undefined;
}

const at = (mask: { data: Uint8Array; width: number }, x: number, y: number) =>
  mask.data[y * mask.width + x];

describe('readInpaintMask', () => {
  it('refuses bytes that are not a PNG as undecodable', () => {
    expect(reasonOf(() => readInpaintMask(Buffer.from('hello'), 64, 64))).toBe('undecodable');
    expect(reasonOf(() => readInpaintMask(Buffer.alloc(0), 64, 64))).toBe('undecodable');
  });

  it('refuses an all-black mask and a fully transparent one as empty', async () => {
    const black = await maskPng({ width: 32, height: 32 });
    expect(reasonOf(() => readInpaintMask(black, 64, 64))).toBe('empty');
    const clear = await transparentPng(32, 32);
    expect(reasonOf(() => readInpaintMask(clear, 64, 64))).toBe('empty');
  });

  it.each(['grey', 'rgba', 'palette', 'interlaced'] as const)(
    'reads a %s PNG: white where repainted, black where kept, a soft edge between',
    async (format) => {
      const png = await maskPng({ width: 64, height: 64 }, { x: 16, y: 16, w: 32, h: 32 }, format);
      const mask = readInpaintMask(png, 64, 64);
      expect([mask.width, mask.height, mask.data.length]).toEqual([64, 64, 64 * 64]);
      expect(at(mask, 32, 32)).toBe(255);
      expect(at(mask, 4, 4)).toBe(0);
      expect(at(mask, 60, 32)).toBe(0);
      const edge = at(mask, 16, 32) ?? 0;
      expect(edge).toBeGreaterThan(0);
      expect(edge).toBeLessThan(255);
    },
  );

  it('scales a mask of another size to the image, region for region', async () => {
    const png = await maskPng({ width: 100, height: 50 }, { x: 50, y: 0, w: 50, h: 50 });
    const mask = readInpaintMask(png, 512, 256);
    expect([mask.width, mask.height]).toEqual([512, 256]);
    expect(at(mask, 400, 128)).toBe(255);
    expect(at(mask, 100, 128)).toBe(0);
    const row = Array.from(mask.data.subarray(128 * 512, 129 * 512));
    const firstWhite = row.findIndex((value) => value === 255);
    expect(Math.abs(firstWhite - 256)).toBeLessThanOrEqual(4);
  });

  it('keeps a thin stroke when the mask is shrunk a lot', async () => {
    const png = await maskPng({ width: 1024, height: 1024 }, { x: 500, y: 0, w: 2, h: 1024 });
    const mask = readInpaintMask(png, 64, 64);
    expect(mask.data.some((value) => value > 0)).toBe(true);
  });
});
