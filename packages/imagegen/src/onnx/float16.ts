/**
 * IEEE 754 half ↔ single conversion. fp16 exports take and return float16 tensors, which
 * onnxruntime-node exchanges as raw Uint16Array bits.
 */
const floatView = new Float32Array(1);
const intView = new Uint32Array(floatView.buffer);

export function toHalfBits(value: number): number {
  floatView[0] = value;
  const x = intView[0] as number;
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  let mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0); // Inf / NaN
  let e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00; // overflow → Inf
  if (e <= 0) {
    if (e < -10) return sign; // underflow → ±0
    mantissa |= 0x800000;
    const shift = 14 - e;
    let half = mantissa >>> shift;
    const remainder = mantissa & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (remainder > halfway || (remainder === halfway && half & 1)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mantissa >>> 13);
  const remainder = mantissa & 0x1fff;
  if (remainder > 0x1000 || (remainder === 0x1000 && half & 1)) half++; // round to nearest even
  e = half >>> 10;
  return sign | (e >= 0x1f ? 0x7c00 : half);
}

export function fromHalfBits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

export function float32ToFloat16(values: Float32Array): Uint16Array {
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = toHalfBits(values[i] as number);
  return out;
}

let halfTable: Float32Array | undefined;

/** Table lookup: a 512×512 RGB decoder output is 786k halves, too many for per-value maths. */
export function float16ToFloat32(bits: Uint16Array): Float32Array {
  if (!halfTable) {
    halfTable = new Float32Array(65536);
    for (let i = 0; i < 65536; i++) halfTable[i] = fromHalfBits(i);
  }
  const table = halfTable;
  const out = new Float32Array(bits.length);
  for (let i = 0; i < bits.length; i++) out[i] = table[bits[i] as number] as number;
  return out;
}

/**
 * Little-endian fp16 bytes as little-endian fp32 bytes (twice as many): one piece of a weight at
 * a time, so a widened file never holds a whole tensor, let alone a whole model.
 */
export function widenHalfBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.length % 2 !== 0) throw new Error(`${bytes.length} bytes are not whole fp16 values`);
  // A Uint16Array needs an even byte offset; a piece of a read buffer may start anywhere.
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : Uint8Array.from(bytes);
  const halves = new Uint16Array(aligned.buffer, aligned.byteOffset, aligned.length / 2);
  const floats = float16ToFloat32(halves);
  return new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength);
}
