import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TRAINED_ALGORITHMIC_MEDIA, XMP_PNG_KEYWORD } from './ai-marking';
import { encodePng } from './encode-png';
import { readInternationalTextChunks, readPngChunks } from './png-chunks';

const run = promisify(execFile);

// Debian's libimage-exiftool-perl; without it the read-back test is skipped.
const hasExiftool = spawnSync('exiftool', ['-ver']).status === 0;

const marked = () =>
  encodePng(
    { kind: 'rgb', data: new Uint8Array(8 * 8 * 3).fill(120), width: 8, height: 8 },
    { model: 'preview', backend: 'onnx' },
  );

describe('XMP marking in PNG (XMP part 3)', () => {
  it('is one uncompressed iTXt chunk keyed XML:com.adobe.xmp before IDAT, read-only packet', async () => {
    const { png } = await marked();
    const chunks = readPngChunks(png);
    const types = chunks.map((c) => c.type);
    // libvips would write a compressed zTXt; none of that may remain.
    expect(types).not.toContain('zTXt');
    const xmp = readInternationalTextChunks(png).filter((c) => c.keyword === XMP_PNG_KEYWORD);
    expect(xmp).toHaveLength(1);
    expect(xmp[0]?.compressed).toBe(false);
    const packet = xmp[0]?.text ?? '';
    expect(packet.startsWith('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>')).toBe(
      true,
    );
    expect(packet.endsWith('<?xpacket end="r"?>')).toBe(true);
    expect(packet).toContain(`Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"`);
    expect(types.indexOf('iTXt')).toBeGreaterThan(types.indexOf('IHDR'));
    expect(types.indexOf('iTXt')).toBeLessThan(types.indexOf('IDAT'));
    // A byte scanner finds the value in the raw file.
    expect(png.includes(Buffer.from(TRAINED_ALGORITHMIC_MEDIA))).toBe(true);
  });

  it.runIf(hasExiftool)('reads back with exiftool', async () => {
    const { png } = await marked();
    const dir = await mkdtemp(join(tmpdir(), 'imagegen-xmp-'));
    try {
      const path = join(dir, 'marked.png');
      await writeFile(path, png);
      const { stdout, stderr } = await run('exiftool', [
        '-j',
        '-validate',
        '-warning',
        '-XMP-iptcExt:DigitalSourceType',
        '-PNG:Software',
        path,
      ]);
      const [tags] = JSON.parse(stdout) as Array<Record<string, unknown>>;
      expect(stderr).toBe('');
      expect(tags?.DigitalSourceType).toBe(TRAINED_ALGORITHMIC_MEDIA);
      expect(tags?.Software).toBe('Nocturne (onnx: preview)');
      expect(tags?.Validate).toBe('OK');
      expect(tags?.Warning).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
