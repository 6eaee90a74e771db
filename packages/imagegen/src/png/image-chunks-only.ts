import { isPng } from './png-chunks';

/**
 * The chunks a remote PNG keeps when it is passed through without re-encoding: the image itself,
 * its transparency and how to show its colours. Everything else goes, text above all: AUTOMATIC1111
 * writes the prompt and settings into a `tEXt` chunk and ComfyUI its whole workflow, and a stored
 * image must carry only the marking we write. C2PA chunks are copied separately (provenance.ts).
 */
const KEPT_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'pHYs',
  'IDAT',
  'IEND',
]);

/**
 * `png` with only the kept chunks, copied byte for byte (their CRCs included), and `insert` placed
 * before the first IDAT; undefined when the file is not a well-formed chunk sequence (IHDR first,
 * IEND last, every chunk inside the file), which the caller then re-encodes instead.
 */
export function imageChunksOnly(png: Buffer, insert: Buffer[]): Buffer | undefined {
  if (!isPng(png)) return undefined;
  const parts: Buffer[] = [png.subarray(0, 8)];
  let offset = 8;
  let first = true;
  let sawIdat = false;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > png.length) return undefined;
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (first !== (type === 'IHDR')) return undefined;
    first = false;
    if (type === 'IDAT' && !sawIdat) {
      sawIdat = true;
      parts.push(...insert);
    }
    if (KEPT_CHUNKS.has(type)) parts.push(png.subarray(offset, end));
    offset = end;
    if (type === 'IEND') return sawIdat ? Buffer.concat(parts) : undefined;
  }
  return undefined;
}
