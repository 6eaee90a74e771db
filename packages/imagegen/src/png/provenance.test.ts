import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { XMP_PNG_KEYWORD } from './ai-marking';
import { encodePng } from './encode-png';
import {
  encodeChunk,
  insertBeforeIdat,
  readInternationalTextChunks,
  readPngChunks,
  readTextChunks,
  textChunk,
} from './png-chunks';
import { C2PA_CHUNK_TYPE } from './provenance';

/** A JUMBF superbox labelled `c2pa`, as a C2PA manifest store starts (contents are opaque to us). */
function fakeManifestStore(): Buffer {
  const label = Buffer.from('c2pa\0', 'latin1');
  const description = Buffer.concat([
    Buffer.from([0, 0, 0, 8 + 16 + 1 + label.length]),
    Buffer.from('jumd', 'latin1'),
    Buffer.from('6332706100110010800000aa00389b71', 'hex'), // the C2PA manifest store UUID
    Buffer.from([0x03]),
    label,
  ]);
  const body = Buffer.concat([description, Buffer.from('signed claims would be here', 'latin1')]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length, 0);
  return Buffer.concat([size, Buffer.from('jumb', 'latin1'), body]);
}

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

describe('provenance carried by remote images', () => {
  it('keeps a C2PA caBX chunk byte for byte through the re-encode, next to our marking', async () => {
    const manifest = fakeManifestStore();
    const fromApi = insertBeforeIdat(await image(16, 16).png().toBuffer(), [
      encodeChunk(C2PA_CHUNK_TYPE, manifest),
    ]);
    const out = await encodePng(
      { kind: 'encoded', data: fromApi },
      { model: 'gpt-image-1', backend: 'openai' },
    );
    const chunks = readPngChunks(out.png);
    const carried = chunks.filter((c) => c.type === C2PA_CHUNK_TYPE);
    expect(carried).toHaveLength(1);
    expect(carried[0]?.data.equals(manifest)).toBe(true);
    const types = chunks.map((c) => c.type);
    expect(types.indexOf(C2PA_CHUNK_TYPE)).toBeLessThan(types.indexOf('IDAT'));
    expect(readInternationalTextChunks(out.png).map((c) => c.keyword)).toEqual([XMP_PNG_KEYWORD]);
    // Still a valid PNG with the same pixels.
    expect(await sharp(out.png).raw().toBuffer()).toEqual(await image(16, 16).raw().toBuffer());
  });

  it('adds no provenance chunk to images that carried none', async () => {
    for (const data of [await image(8, 8).png().toBuffer(), await image(8, 8).jpeg().toBuffer()]) {
      const out = await encodePng({ kind: 'encoded', data }, { model: 'm', backend: 'a1111' });
      expect(readPngChunks(out.png).some((c) => c.type === C2PA_CHUNK_TYPE)).toBe(false);
    }
  });

  it("drops the server's own text chunks (a ComfyUI workflow, A1111 parameters)", async () => {
    const fromServer = insertBeforeIdat(await image(8, 8).png().toBuffer(), [
      textChunk('workflow', '{"nodes":[]}'),
      textChunk('parameters', 'the prompt, steps, seed'),
    ]);
    const out = await encodePng(
      { kind: 'encoded', data: fromServer },
      { model: 'm', backend: 'comfyui' },
    );
    expect(readTextChunks(out.png)).toEqual({ Software: 'Nocturne (comfyui: m)' });
  });
});
