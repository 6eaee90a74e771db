import { describe, expect, it } from 'vitest';
import { enlargeLatents } from './latent-resize';
import { shrinkRgb } from './live-preview';

describe('latent enlargement for the hires fix', () => {
  it('doubles each side bilinearly at pixel centres, keeping flat areas flat', () => {
    // One channel, 1×2: [0, 4] → each row [0, 1, 3, 4] (PyTorch bilinear, align_corners=False).
    const out = enlargeLatents(Float32Array.from([0, 4]), 1, 1, 2, 2);
    expect([...out]).toEqual([0, 1, 3, 4, 0, 1, 3, 4]);
    const flat = enlargeLatents(new Float32Array(4 * 2 * 3).fill(0.5), 4, 2, 3, 2);
    expect(flat).toHaveLength(4 * 4 * 6);
    expect(flat.every((v) => v === 0.5)).toBe(true);
  });
});

describe('live preview size', () => {
  it('shrinks by whole factors to at most 256 px on the long side, averaging boxes', () => {
    const rgb = new Uint8Array(512 * 384 * 3).map((_, i) => (i % 6 < 3 ? 0 : 200));
    const small = shrinkRgb(rgb, 512, 384);
    expect([small.width, small.height, small.data.length]).toEqual([256, 192, 256 * 192 * 3]);
    expect(small.data[0]).toBe(100);
    const kept = shrinkRgb(new Uint8Array(64 * 32 * 3), 64, 32);
    expect([kept.width, kept.height]).toEqual([64, 32]);
  });
});
