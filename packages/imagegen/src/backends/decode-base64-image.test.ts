import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageGenError } from '../errors';
import { encodePng } from '../png/encode-png';
import { decodeBase64Image } from './http';

const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 250, 251, 252, 253]);
const refused = { kind: 'bad_response' } satisfies Partial<ImageGenError>;
const remote = { model: 'remote', backend: 'openai' };

describe('base64 image data from a backend', () => {
  it('decodes canonical base64, with or without a data: URL prefix', () => {
    const base64 = bytes.toString('base64');
    expect(decodeBase64Image('a1111', base64)).toEqual(bytes);
    expect(decodeBase64Image('a1111', `data:image/png;base64,${base64}`)).toEqual(bytes);
  });

  it('accepts line breaks, missing padding and the URL-safe alphabet', () => {
    const base64 = bytes.toString('base64');
    expect(base64).toBe('iVBORwABAvr7/P0=');
    // A line break in place of a character, and one added.
    expect(decodeBase64Image('a1111', `${base64.slice(0, 8)}\n${base64.slice(8, -1)}`)).toEqual(
      bytes,
    );
    expect(decodeBase64Image('a1111', `${base64.slice(0, 8)}\n${base64.slice(8)}`)).toEqual(bytes);
    expect(decodeBase64Image('a1111', base64.replace(/=+$/, ''))).toEqual(bytes);
    expect(decodeBase64Image('a1111', base64.replace('/', '_'))).toEqual(bytes);
  });

  it('refuses no data', () => {
    for (const empty of ['', undefined, 42]) {
      expect(() => decodeBase64Image('openai', empty)).toThrow(
        expect.objectContaining(refused) as Error,
      );
    }
  });

  // The text's alphabet is not checked: the image is proven whole when it is kept.
  it('leaves text that is not the image to be refused when the image is decoded whole', async () => {
    // Noise, so that the pixel data is most of the file and its middle lies inside it.
    let seed = 7;
    const noise = Buffer.from(
      Array.from({ length: 64 * 64 * 3 }, () => (seed = (seed * 75 + 74) % 65537) % 256),
    );
    const png = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    const base64 = png.toString('base64');
    const middle = Math.floor(base64.length / 2);
    const swapped = base64[middle] === 'A' ? 'B' : 'A';
    for (const bad of [
      'not an image!',
      // One character of the pixel data changed: a CRC or the pixel stream no longer holds.
      `${base64.slice(0, middle)}${swapped}${base64.slice(middle + 1)}`,
      // The image cut short.
      base64.slice(0, middle),
    ]) {
      const data = decodeBase64Image('openai', bad);
      await expect(encodePng({ kind: 'encoded', data }, remote)).rejects.toMatchObject(refused);
    }
    // Characters the decoder skips leave the image intact: it is kept.
    const noisy = `${base64.slice(0, 8)}!${base64.slice(8)}`;
    const kept = await encodePng(
      { kind: 'encoded', data: decodeBase64Image('openai', noisy) },
      remote,
    );
    expect([kept.width, kept.height]).toEqual([64, 64]);
  });
});
