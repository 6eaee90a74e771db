import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeChunk, readPngChunks } from './png-chunks';
import { proveWholePng } from './prove-whole-png';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Random pixels of an odd size, so that every Adam7 pass has a ragged edge. */
function noise(width: number, height: number, channels: 3 | 4) {
  const data = Buffer.alloc(width * height * channels);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 7919 + (i >> 5) * 31) % 256;
  return sharp(data, { raw: { width, height, channels } });
}

/** A PNG of the given chunks, each with a correct CRC. */
function pngOf(chunks: Array<[string, Buffer]>) {
  return Buffer.concat([SIGNATURE, ...chunks.map(([type, data]) => encodeChunk(type, data))]);
}

function header(width: number, height: number, depth = 8, colorType = 2, interlace = 0) {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([depth, colorType, 0, 0, interlace], 8);
  return data;
}

describe('proveWholePng', () => {
  it.each([
    ['RGB', () => noise(13, 7, 3).png()],
    ['RGBA, Adam7-interlaced', () => noise(13, 7, 4).png({ progressive: true })],
    [
      'a 2-colour palette (1 bit per pixel), interlaced',
      () => noise(13, 7, 3).png({ palette: true, colours: 2, progressive: true }),
    ],
    ['16-bit RGB', () => noise(5, 3, 3).toColourspace('rgb16').png()],
    ['1×1 interlaced (passes without pixels)', () => noise(1, 1, 3).png({ progressive: true })],
  ])('proves a whole %s PNG and gives its size', async (_name, make) => {
    const png = await make().toBuffer();
    const { width, height } = await sharp(png).metadata();
    expect(proveWholePng(png)).toEqual({ width, height });
  });

  it('refuses a changed byte, a cut-short stream, too many or too few scanlines, a bad filter', async () => {
    const png = await noise(16, 16, 3).png({ compressionLevel: 0 }).toBuffer();
    const idatAt = png.indexOf('IDAT', 0, 'latin1');
    const flipped = Buffer.from(png);
    flipped[idatAt + 100] = (flipped[idatAt + 100] ?? 0) ^ 1;
    expect(() => proveWholePng(flipped)).toThrow(/CRC/);

    const rows = (count: number, filter = 0) =>
      Buffer.concat(
        Array.from({ length: count }, () => Buffer.from([filter, ...Array(16 * 3).fill(9)])),
      );
    const stream = deflateSync(rows(16));
    const made = (ihdr: Buffer, idat: Buffer) =>
      pngOf([
        ['IHDR', ihdr],
        ['IDAT', idat],
        ['IEND', Buffer.alloc(0)],
      ]);
    expect(proveWholePng(made(header(16, 16), stream))).toEqual({ width: 16, height: 16 });
    expect(() => proveWholePng(made(header(16, 16), stream.subarray(0, -10)))).toThrow();
    expect(() => proveWholePng(made(header(16, 15), stream))).toThrow();
    expect(() => proveWholePng(made(header(16, 17), stream))).toThrow(/cut short/);
    expect(() => proveWholePng(made(header(16, 16), deflateSync(rows(16, 5))))).toThrow(/filter/);
    expect(() => proveWholePng(made(header(16, 16, 8, 3), stream))).toThrow(/PLTE/);
    expect(() => proveWholePng(made(header(16, 16, 4, 2), stream))).toThrow(/IHDR/);
    // Its chunks as sharp wrote them, with the IDAT's CRC recomputed over cut-short data.
    const chunks = readPngChunks(png).map(({ type, data }): [string, Buffer] =>
      type === 'IDAT' ? [type, data.subarray(0, data.length - 20)] : [type, data],
    );
    expect(() => proveWholePng(pngOf(chunks))).toThrow();
  });
});
