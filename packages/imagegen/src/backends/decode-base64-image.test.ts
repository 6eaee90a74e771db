import { describe, expect, it } from 'vitest';
import type { ImageGenError } from '../errors';
import { decodeBase64Image } from './http';

const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 250, 251, 252, 253]);
const refused = { kind: 'bad_response' } satisfies Partial<ImageGenError>;

describe('base64 image data from a backend', () => {
  it('decodes canonical base64, with or without a data: URL prefix', () => {
    const base64 = bytes.toString('base64');
    expect(decodeBase64Image('a1111', base64)).toEqual(bytes);
    expect(decodeBase64Image('a1111', `data:image/png;base64,${base64}`)).toEqual(bytes);
  });

  it('accepts line breaks and missing padding', () => {
    const base64 = bytes.toString('base64');
    // A line break in place of a character, and one added.
    expect(decodeBase64Image('a1111', `${base64.slice(0, 8)}\n${base64.slice(8, -1)}`)).toEqual(
      bytes,
    );
    expect(decodeBase64Image('a1111', `${base64.slice(0, 8)}\n${base64.slice(8)}`)).toEqual(bytes);
    expect(decodeBase64Image('a1111', base64.replace(/=+$/, ''))).toEqual(bytes);
  });

  it('refuses data with characters outside base64, which the decoder would skip', () => {
    const base64 = bytes.toString('base64');
    expect(base64).toBe('iVBORwABAvr7/P0=');
    for (const bad of [
      `${base64.slice(0, 4)}!${base64.slice(4)}`,
      `-${base64}`,
      'not an image!',
      // A character the decoder would skip, or the URL-safe alphabet, which it would take.
      base64.replace('O', '!'),
      base64.replace('/', '_'),
      base64.replace('v', '-'),
    ]) {
      expect(() => decodeBase64Image('openai', bad)).toThrow(
        expect.objectContaining(refused) as Error,
      );
    }
  });

  it('refuses no data', () => {
    for (const empty of ['', undefined, 42]) {
      expect(() => decodeBase64Image('openai', empty)).toThrow(
        expect.objectContaining(refused) as Error,
      );
    }
  });
});
