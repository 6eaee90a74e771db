import { describe, expect, it } from 'vitest';
import { float16ToFloat32, float32ToFloat16, fromHalfBits, toHalfBits } from './float16';

describe('fp16 conversion', () => {
  it('encodes known values bit-exactly', () => {
    expect(toHalfBits(1)).toBe(0x3c00);
    expect(toHalfBits(-2)).toBe(0xc000);
    expect(toHalfBits(65504)).toBe(0x7bff);
    expect(toHalfBits(0.1)).toBe(0x2e66);
    expect(toHalfBits(1e6)).toBe(0x7c00);
    expect(toHalfBits(-Infinity)).toBe(0xfc00);
    expect(toHalfBits(2 ** -24)).toBe(0x0001);
    expect(toHalfBits(1e-9)).toBe(0);
    expect(Number.isNaN(fromHalfBits(toHalfBits(NaN)))).toBe(true);
  });

  it('decodes normal and subnormal halves', () => {
    expect(fromHalfBits(0x3c00)).toBe(1);
    expect(fromHalfBits(0xc000)).toBe(-2);
    expect(fromHalfBits(0x0001)).toBe(2 ** -24);
    expect(fromHalfBits(0x7c00)).toBe(Infinity);
  });

  it('round-trips arrays within half precision', () => {
    const values = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i) * 20);
    const back = float16ToFloat32(float32ToFloat16(values));
    for (let i = 0; i < values.length; i++) {
      expect(Math.abs((back[i] as number) - (values[i] as number))).toBeLessThanOrEqual(
        Math.abs(values[i] as number) / 1024 + 1e-7,
      );
    }
  });
});
