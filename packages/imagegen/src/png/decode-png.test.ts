import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { decodePng } from './decode-png';
import { encodeChunk } from './png-chunks';

/** A PNG made by hand: header fields, then the filtered rows as given, in one IDAT. */
function handMadePng(
  header: { width: number; height: number; depth: number; colourType: number },
  rows: Buffer,
  extra: Buffer[] = [],
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr.set([header.depth, header.colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    encodeChunk('IHDR', ihdr),
    ...extra,
    encodeChunk('IDAT', deflateSync(rows)),
    encodeChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A deterministic colourful image with some transparency. */
function pattern(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, i % 5 === 0 ? 0 : 255], i * 4);
  }
  return data;
}

/** sharp's own RGBA decode of the same bytes, the reference. */
async function sharpRgba(png: Buffer): Promise<Buffer> {
  return sharp(png).ensureAlpha().toColourspace('srgb').raw().toBuffer();
}

describe('decodePng', () => {
  const raw = { width: 23, height: 17, channels: 4 } as const;
  const cases: Array<[string, () => Promise<Buffer>]> = [
    ['RGBA', () => sharp(pattern(23, 17), { raw }).png().toBuffer()],
    ['RGB', () => sharp(pattern(23, 17), { raw }).removeAlpha().png().toBuffer()],
    [
      'greyscale',
      () => sharp(pattern(23, 17), { raw }).removeAlpha().toColourspace('b-w').png().toBuffer(),
    ],
    ['grey + alpha', () => sharp(pattern(23, 17), { raw }).toColourspace('b-w').png().toBuffer()],
    [
      'palette',
      () => sharp(pattern(23, 17), { raw }).png({ palette: true, colours: 16 }).toBuffer(),
    ],
    [
      'palette at 2 bits',
      () => sharp(pattern(23, 17), { raw }).png({ palette: true, colours: 4 }).toBuffer(),
    ],
    ['16-bit RGBA', () => sharp(pattern(23, 17), { raw }).toColourspace('rgb16').png().toBuffer()],
    [
      'interlaced (Adam7)',
      () => sharp(pattern(23, 17), { raw }).png({ progressive: true }).toBuffer(),
    ],
  ];

  it.each(cases)('reads %s the way sharp does', async (_name, make) => {
    const png = await make();
    const decoded = decodePng(png);
    expect([decoded.width, decoded.height]).toEqual([23, 17]);
    expect(Buffer.from(decoded.data).equals(await sharpRgba(png))).toBe(true);
  });

  it('refuses bytes that are not a PNG, and a truncated one', async () => {
    expect(() => decodePng(Buffer.from('not a png'))).toThrow();
    const png = await sharp(pattern(23, 17), { raw }).png().toBuffer();
    expect(() => decodePng(png.subarray(0, png.length - 40))).toThrow();
  });

  it('reads 1-bit greyscale with a tRNS key colour (transparent black)', () => {
    // Two rows of 3 pixels, filter 0: 101 and 010, packed from the high bit.
    const rows = Buffer.from([0, 0b10100000, 0, 0b01000000]);
    const png = handMadePng({ width: 3, height: 2, depth: 1, colourType: 0 }, rows, [
      encodeChunk('tRNS', Buffer.from([0, 0])),
    ]);
    const { data } = decodePng(png);
    expect(Array.from(data)).toEqual([
      ...[255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255],
      ...[0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0],
    ]);
  });

  it('refuses pixel data that inflates past what its header declares', () => {
    const png = handMadePng(
      { width: 8, height: 8, depth: 8, colourType: 0 },
      Buffer.alloc(10_000_000),
    );
    expect(() => decodePng(png)).toThrow();
  });
});
