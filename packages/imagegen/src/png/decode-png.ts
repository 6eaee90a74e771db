import { inflateSync } from 'node:zlib';
import { readPngChunks, type PngChunk } from './png-chunks';

/** A decoded PNG as 8-bit RGBA, four bytes a pixel, row by row. */
export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

interface Header {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

/** Samples a pixel has per colour type: grey, RGB, palette index, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** Adam7's passes: start column, start row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Largest image decoded (pixels): a mask larger than any output is refused, not allocated. */
const MAX_PIXELS = 4096 * 4096;

/**
 * Decodes any standard PNG (every colour type and bit depth, palette and `tRNS` transparency,
 * Adam7 interlacing) to 8-bit RGBA, synchronously: callers validate a small image before anything
 * is queued, where sharp's asynchronous pipeline would not fit. Throws on anything malformed.
 */
export function decodePng(png: Buffer): RgbaImage {
  const chunks = readPngChunks(png);
  const header = readHeader(chunks);
  const palette = readPalette(chunks, header);
  const transparency = chunks.find((c) => c.type === 'tRNS')?.data;
  const idat = Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
  // Bounded by what the header declares, so a small stream cannot inflate to gigabytes.
  const raw = inflateSync(idat, { maxOutputLength: Math.max(1, rawLength(header)) });
  const out = new Uint8Array(header.width * header.height * 4);
  const reader = { raw, offset: 0 };
  const passes = header.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil((header.width - x0) / dx);
    const rows = Math.ceil((header.height - y0) / dy);
    if (columns <= 0 || rows <= 0) continue;
    const samples = unfilterPass(reader, header, columns, rows);
    const place = { x0, y0, dx, dy, columns, rows };
    writePass(out, samples, header, place, { palette, transparency });
  }
  return { data: out, width: header.width, height: header.height };
}

/** The bytes of filtered pixel data the header's size and format make, every pass included. */
function rawLength(header: Header): number {
  const bitsPerPixel = (CHANNELS[header.colourType] ?? 1) * header.bitDepth;
  const passes = header.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil((header.width - x0) / dx);
    const rows = Math.ceil((header.height - y0) / dy);
    if (columns > 0 && rows > 0) total += rows * (1 + Math.ceil((columns * bitsPerPixel) / 8));
  }
  return total;
}

function readHeader(chunks: PngChunk[]): Header {
  const ihdr = chunks[0];
  if (ihdr?.type !== 'IHDR' || ihdr.data.length < 13) throw new Error('No PNG header chunk.');
  const header = {
    width: ihdr.data.readUInt32BE(0),
    height: ihdr.data.readUInt32BE(4),
    bitDepth: ihdr.data[8] ?? 0,
    colourType: ihdr.data[9] ?? 0,
    interlaced: ihdr.data[12] === 1,
  };
  if (!DEPTHS[header.colourType]?.includes(header.bitDepth)) {
    throw new Error(
      `Unknown PNG format: colour type ${header.colourType}, depth ${header.bitDepth}.`,
    );
  }
  if (header.width === 0 || header.height === 0 || header.width * header.height > MAX_PIXELS) {
    throw new Error(`PNG size ${header.width}×${header.height} is empty or too large.`);
  }
  return header;
}

function readPalette(chunks: PngChunk[], header: Header): Buffer | undefined {
  if (header.colourType !== 3) return undefined;
  const palette = chunks.find((c) => c.type === 'PLTE')?.data;
  if (!palette || palette.length % 3 !== 0) throw new Error('Palette PNG without a palette.');
  return palette;
}

/** One pass's rows with their filters undone: bytes as stored, without the filter byte. */
function unfilterPass(
  reader: { raw: Buffer; offset: number },
  header: Header,
  columns: number,
  rows: number,
): Uint8Array {
  const bitsPerPixel = (CHANNELS[header.colourType] ?? 1) * header.bitDepth;
  const stride = Math.ceil((columns * bitsPerPixel) / 8);
  const step = Math.max(1, bitsPerPixel / 8);
  const out = new Uint8Array(stride * rows);
  for (let y = 0; y < rows; y++) {
    const filter = reader.raw[reader.offset];
    const start = reader.offset + 1;
    if (filter === undefined || start + stride > reader.raw.length) {
      throw new Error('PNG pixel data is truncated.');
    }
    const row = out.subarray(y * stride, (y + 1) * stride);
    const previous = y > 0 ? out.subarray((y - 1) * stride, y * stride) : undefined;
    row.set(reader.raw.subarray(start, start + stride));
    unfilterRow(filter, row, previous, step);
    reader.offset = start + stride;
  }
  return out;
}

function unfilterRow(filter: number, row: Uint8Array, above: Uint8Array | undefined, step: number) {
  const length = row.length;
  if (filter === 0) return;
  if (filter === 1) {
    for (let i = step; i < length; i++) row[i] = (row[i] as number) + (row[i - step] as number);
  } else if (filter === 2) {
    if (!above) return;
    for (let i = 0; i < length; i++) row[i] = (row[i] as number) + (above[i] as number);
  } else if (filter === 3) {
    for (let i = 0; i < length; i++) {
      const a = i >= step ? (row[i - step] as number) : 0;
      const b = above ? (above[i] as number) : 0;
      row[i] = (row[i] as number) + ((a + b) >> 1);
    }
  } else if (filter === 4) {
    for (let i = 0; i < length; i++) {
      const a = i >= step ? (row[i - step] as number) : 0;
      const b = above ? (above[i] as number) : 0;
      const c = above && i >= step ? (above[i - step] as number) : 0;
      row[i] = (row[i] as number) + paeth(a, b, c);
    }
  } else {
    throw new Error(`Unknown PNG filter ${filter}.`);
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** Sample `index` of a row of `depth`-bit samples, scaled to 0…255 (a palette index kept as is). */
function sample(row: Uint8Array, index: number, depth: number, scale: boolean): number {
  if (depth === 8) return row[index] as number;
  if (depth === 16) return row[index * 2] as number;
  const bit = index * depth;
  const value = ((row[bit >> 3] as number) >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
  return scale ? Math.round((value * 255) / ((1 << depth) - 1)) : value;
}

/** The raw sample before scaling, to compare with a `tRNS` key colour of the same depth. */
function rawSample(row: Uint8Array, index: number, depth: number): number {
  if (depth === 16) return ((row[index * 2] as number) << 8) | (row[index * 2 + 1] as number);
  return sample(row, index, depth, false);
}

interface Pass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  columns: number;
  rows: number;
}

function writePass(
  out: Uint8Array,
  samples: Uint8Array,
  header: Header,
  pass: Pass,
  extras: { palette: Buffer | undefined; transparency: Buffer | undefined },
): void {
  const channels = CHANNELS[header.colourType] ?? 1;
  const stride = samples.length / pass.rows;
  for (let y = 0; y < pass.rows; y++) {
    const row = samples.subarray(y * stride, (y + 1) * stride);
    for (let x = 0; x < pass.columns; x++) {
      const target = ((pass.y0 + y * pass.dy) * header.width + pass.x0 + x * pass.dx) * 4;
      writePixel(out, target, row, x * channels, header, extras);
    }
  }
}

function writePixel(
  out: Uint8Array,
  target: number,
  row: Uint8Array,
  first: number,
  header: Header,
  extras: { palette: Buffer | undefined; transparency: Buffer | undefined },
): void {
  const { bitDepth: depth, colourType } = header;
  if (colourType === 3) {
    writePaletteEntry(out, target, sample(row, first, depth, false), extras);
    return;
  }
  const grey = colourType === 0 || colourType === 4;
  const r = sample(row, first, depth, true);
  out[target] = r;
  out[target + 1] = grey ? r : sample(row, first + 1, depth, true);
  out[target + 2] = grey ? r : sample(row, first + 2, depth, true);
  if (colourType === 4 || colourType === 6) {
    out[target + 3] = sample(row, first + (grey ? 1 : 3), depth, true);
  } else {
    out[target + 3] = keyMatches(extras.transparency, row, first, depth, grey ? 1 : 3) ? 0 : 255;
  }
}

function writePaletteEntry(
  out: Uint8Array,
  target: number,
  index: number,
  { palette, transparency }: { palette: Buffer | undefined; transparency: Buffer | undefined },
): void {
  if (!palette || index * 3 + 2 >= palette.length) throw new Error('Palette index out of range.');
  out[target] = palette[index * 3] as number;
  out[target + 1] = palette[index * 3 + 1] as number;
  out[target + 2] = palette[index * 3 + 2] as number;
  out[target + 3] =
    transparency && index < transparency.length ? (transparency[index] as number) : 255;
}

/** Whether a grey or RGB pixel is the `tRNS` chunk's transparent key colour. */
function keyMatches(
  transparency: Buffer | undefined,
  row: Uint8Array,
  first: number,
  depth: number,
  samples: number,
): boolean {
  if (!transparency || transparency.length < samples * 2) return false;
  for (let i = 0; i < samples; i++) {
    if (transparency.readUInt16BE(i * 2) !== rawSample(row, first + i, depth)) return false;
  }
  return true;
}
