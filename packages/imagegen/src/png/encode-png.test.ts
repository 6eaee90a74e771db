import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageGenError } from '../errors';
import { TRAINED_ALGORITHMIC_MEDIA } from './ai-marking';
import { encodePng } from './encode-png';
import {
  encodeChunk,
  insertBeforeIdat,
  internationalTextChunk,
  readInternationalTextChunks,
  readPngChunks,
  readTextChunks,
  textChunk,
} from './png-chunks';

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

  describe('a remote PNG', () => {
    const pixels = Buffer.from(Array.from({ length: 32 * 16 * 3 }, (_, i) => (i * 73) % 256));
    const remotePng = () =>
      sharp(pixels, { raw: { width: 32, height: 16, channels: 3 } })
        .png({ compressionLevel: 9 })
        .withMetadata({ density: 144 })
        .toBuffer();
    const idatOf = (png: Buffer) =>
      Buffer.concat(
        readPngChunks(png)
          .filter((chunk) => chunk.type === 'IDAT')
          .map((chunk) => chunk.data),
      );

    it('keeps its pixel data as sent, drops its metadata and carries our marking', async () => {
      const original = await remotePng();
      // What AUTOMATIC1111 and ComfyUI write into their PNGs: the prompt, settings and workflow.
      const fromBackend = insertBeforeIdat(original, [
        textChunk('parameters', 'a secret prompt, Steps: 20, Seed: 1'),
        internationalTextChunk('workflow', '{"prompt":"a secret prompt"}'),
        encodeChunk('tIME', Buffer.from([7, 234, 11, 23, 1, 2, 3])),
        encodeChunk('eXIf', Buffer.from('MM\0*\0\0\0\b\0\0', 'latin1')),
      ]);
      const out = await encodePng(
        { kind: 'encoded', data: fromBackend },
        { model: 'sdxl', backend: 'a1111' },
      );
      expect([out.width, out.height]).toEqual([32, 16]);
      // Not re-encoded: the compressed pixel data is byte for byte what the backend sent.
      expect(idatOf(out.png).equals(idatOf(original))).toBe(true);
      expect(await sharp(out.png).raw().toBuffer()).toEqual(pixels);
      expect(out.png.includes('a secret prompt')).toBe(false);
      const types = readPngChunks(out.png).map((chunk) => chunk.type);
      expect(types).not.toContain('tIME');
      expect(types).not.toContain('eXIf');
      expect(types).toContain('pHYs'); // how to show it stays
      expect(readTextChunks(out.png)).toEqual({ Software: 'Nocturne (a1111: sdxl)' });
      expect(readInternationalTextChunks(out.png).map((chunk) => chunk.keyword)).toEqual([
        'XML:com.adobe.xmp',
      ]);
      expect(types[0]).toBe('IHDR');
      expect(types.indexOf('iTXt')).toBeLessThan(types.indexOf('IDAT'));
      expect(types.at(-1)).toBe('IEND');
    });

    it('is refused as bad_response when its pixel data does not decode', async () => {
      const original = await remotePng();
      const idat = readPngChunks(original).find((chunk) => chunk.type === 'IDAT');
      if (!idat) throw new Error('no IDAT');
      // Well-formed chunks (a valid CRC) around a deflate stream that is cut short.
      const broken = Buffer.from(original);
      const start = broken.indexOf(idat.data);
      const damaged = encodeChunk('IDAT', idat.data.subarray(0, idat.data.length >> 1));
      const repacked = Buffer.concat([
        broken.subarray(0, start - 8),
        damaged,
        broken.subarray(start + idat.data.length + 4),
      ]);
      expect(readPngChunks(repacked).map((chunk) => chunk.type)).toContain('IEND');
      await expect(
        encodePng({ kind: 'encoded', data: repacked }, { model: 'm', backend: 'comfyui' }),
      ).rejects.toMatchObject({ kind: 'bad_response' } satisfies Partial<ImageGenError>);
    });

    it('is refused as bad_response when it is cut short', async () => {
      const original = await remotePng();
      await expect(
        encodePng(
          { kind: 'encoded', data: original.subarray(0, original.length - 30) },
          { model: 'm', backend: 'openai' },
        ),
      ).rejects.toMatchObject({ kind: 'bad_response' } satisfies Partial<ImageGenError>);
    });
  });
});
