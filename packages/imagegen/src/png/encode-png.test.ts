import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageGenError } from '../errors';
import { TRAINED_ALGORITHMIC_MEDIA } from './ai-marking';
import { encodePng } from './encode-png';
import { readPngChunks, readTextChunks } from './png-chunks';

describe('PNG output', () => {
  it('encodes RGB pixels with the AI-generated XMP and a Software text chunk', async () => {
    const data = Uint8Array.from({ length: 4 * 2 * 3 }, (_, i) => (i * 37) % 256);
    const out = await encodePng(
      { kind: 'rgb', data, width: 4, height: 2 },
      { model: 'preview', backend: 'onnx' },
    );
    expect([out.width, out.height]).toEqual([4, 2]);
    const meta = await sharp(out.png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.xmp?.toString()).toContain(
      `Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"`,
    );
    expect(readTextChunks(out.png).Software).toBe('Nocturne (onnx: preview)');
    expect(meta.comments).toContainEqual({ keyword: 'Software', text: 'Nocturne (onnx: preview)' });
    // Pixels survive untouched.
    const raw = await sharp(out.png).raw().toBuffer();
    expect([...raw]).toEqual([...data]);
    // Chunk order stays valid: IHDR first, text before IDAT, IEND last.
    const types = readPngChunks(out.png).map((c) => c.type);
    expect(types[0]).toBe('IHDR');
    expect(types.indexOf('tEXt')).toBeLessThan(types.indexOf('IDAT'));
    expect(types.at(-1)).toBe('IEND');
  });

  it('re-encodes a remote backend image and marks it too', async () => {
    const jpeg = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer();
    const out = await encodePng(
      { kind: 'encoded', data: jpeg },
      { model: 'dall-e-3', backend: 'openai' },
    );
    expect((await sharp(out.png).metadata()).format).toBe('png');
    expect(readTextChunks(out.png).Software).toContain('openai');
  });

  it('turns undecodable bytes into a bad_response error', async () => {
    await expect(
      encodePng(
        { kind: 'encoded', data: Buffer.from('not an image') },
        { model: 'm', backend: 'a1111' },
      ),
    ).rejects.toMatchObject({
      kind: 'bad_response',
    } satisfies Partial<ImageGenError>);
  });
});
