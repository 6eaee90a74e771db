import { describe, expect, it } from 'vitest';
import { maskPng } from '../../test/helpers/mask-png';
import { compositeInpaint } from './composite-inpaint';
import { readInpaintMask } from './read-inpaint-mask';

const SIZE = 64;

function pixel(image: Uint8Array, x: number, y: number): number[] {
  const at = (y * SIZE + x) * 3;
  return Array.from(image.subarray(at, at + 3));
}

describe('compositeInpaint', () => {
  it('keeps the source outside the mask exactly, takes the engine inside, mixes on the edge', async () => {
    const source = Uint8Array.from({ length: SIZE * SIZE * 3 }, (_, i) => (i * 37) % 256);
    const engine = new Uint8Array(SIZE * SIZE * 3).fill(7);
    const png = await maskPng({ width: SIZE, height: SIZE }, { x: 16, y: 16, w: 32, h: 32 });
    const mask = await readInpaintMask(png, SIZE, SIZE);
    const out = compositeInpaint(source, engine, mask);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const outside = x < 12 || x > 51 || y < 12 || y > 51;
        const inside = x >= 20 && x < 44 && y >= 20 && y < 44;
        if (outside) expect(pixel(out, x, y)).toEqual(pixel(source, x, y));
        if (inside) expect(pixel(out, x, y)).toEqual([7, 7, 7]);
      }
    }
    const edge = pixel(out, 16, 32);
    const [kept, drawn] = [pixel(source, 16, 32), 7];
    edge.forEach((value, channel) => {
      expect(value).toBeGreaterThanOrEqual(Math.min(kept[channel] ?? 0, drawn));
      expect(value).toBeLessThanOrEqual(Math.max(kept[channel] ?? 0, drawn));
    });
  });
});
