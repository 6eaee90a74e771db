import { describe, expect, it } from 'vitest';
import { planarToRgbBytes, scaleLatents } from './image-layout';

describe('decoder output layout', () => {
  it('interleaves planar NCHW [-1,1] into HWC bytes, clamping out-of-range values', () => {
    // 2×1 image: R plane, G plane, B plane.
    const planar = Float32Array.from([-1, 1, 0, 2, 1, -3]);
    expect([...planarToRgbBytes(planar, 2, 1)]).toEqual([0, 128, 255, 255, 255, 0]);
  });

  it('supports decoders that output [0,1]', () => {
    const planar = Float32Array.from([0, 0.5, 1]);
    expect([...planarToRgbBytes(planar, 1, 1, 'zero_to_one')]).toEqual([0, 128, 255]);
  });

  it('rejects a buffer too small for the image', () => {
    expect(() => planarToRgbBytes(new Float32Array(5), 2, 1)).toThrow(RangeError);
  });

  it('scales latents by 1/0.18215 for a KL VAE and leaves TAESD latents alone', () => {
    expect(scaleLatents(Float32Array.from([0.18215]), 1 / 0.18215)[0]).toBeCloseTo(1, 6);
    const same = Float32Array.from([2]);
    expect(scaleLatents(same, 1)).toBe(same);
  });
});
