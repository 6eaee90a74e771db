/**
 * GPT-2/CLIP byte-level alphabet: every byte maps to a printable code point so BPE merges never
 * see whitespace or control characters. Must match the table the vocab was trained with.
 */
function buildByteEncoder(): string[] {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b++) printable.push(b);
  for (let b = 161; b <= 172; b++) printable.push(b);
  for (let b = 174; b <= 255; b++) printable.push(b);
  const table = new Array<string>(256);
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    if (printable.includes(b)) {
      table[b] = String.fromCodePoint(b);
    } else {
      table[b] = String.fromCodePoint(256 + extra);
      extra++;
    }
  }
  return table;
}

export const BYTE_ENCODER: readonly string[] = buildByteEncoder();

export function bytesToSymbols(text: string): string[] {
  const bytes = new TextEncoder().encode(text);
  return Array.from(bytes, (b) => BYTE_ENCODER[b] as string);
}
