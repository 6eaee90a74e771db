import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngChunk {
  type: string;
  data: Buffer;
}

export function isPng(bytes: Buffer): boolean {
  return bytes.subarray(0, 8).equals(SIGNATURE);
}

export function readPngChunks(png: Buffer): PngChunk[] {
  if (!isPng(png)) throw new Error('Not a PNG file');
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    chunks.push({ type, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return chunks;
}

export function encodeChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encoded chunks inserted before the first IDAT, where readers look for ancillary data. */
export function insertBeforeIdat(png: Buffer, chunks: Buffer[]): Buffer {
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    if (png.toString('latin1', offset + 4, offset + 8) === 'IDAT') break;
    offset += 12 + length;
  }
  return Buffer.concat([png.subarray(0, offset), ...chunks, png.subarray(offset)]);
}

/** A Latin-1 `tEXt` chunk: keyword NUL text. */
export function textChunk(keyword: string, text: string): Buffer {
  return encodeChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
}

/**
 * An uncompressed UTF-8 `iTXt` chunk: keyword NUL, compression flag 0, method 0, empty language
 * tag NUL, empty translated keyword NUL, text.
 */
export function internationalTextChunk(keyword: string, text: string): Buffer {
  return encodeChunk(
    'iTXt',
    Buffer.concat([
      Buffer.from(`${keyword}\0`, 'latin1'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from(text, 'utf8'),
    ]),
  );
}

export interface InternationalText {
  keyword: string;
  compressed: boolean;
  text: string;
}

/** `iTXt` chunks as stored; compressed ones keep their raw (deflated) text undecoded. */
export function readInternationalTextChunks(png: Buffer): InternationalText[] {
  return readPngChunks(png)
    .filter((chunk) => chunk.type === 'iTXt')
    .map(({ data }) => {
      const keywordEnd = data.indexOf(0);
      const languageEnd = data.indexOf(0, keywordEnd + 3);
      const translatedEnd = data.indexOf(0, languageEnd + 1);
      return {
        keyword: data.toString('latin1', 0, keywordEnd),
        compressed: data[keywordEnd + 1] === 1,
        text: data.toString('utf8', translatedEnd + 1),
      };
    });
}

export function readTextChunks(png: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const chunk of readPngChunks(png)) {
    if (chunk.type !== 'tEXt') continue;
    const nul = chunk.data.indexOf(0);
    out[chunk.data.toString('latin1', 0, nul)] = chunk.data.toString('latin1', nul + 1);
  }
  return out;
}
