import { describe, expect, it } from 'vitest';
import { parseAspectRatio, ratioDiffers, sizeForAspectRatio } from './aspect-ratio';

const RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9'];
const table = (side: number) =>
  Object.fromEntries(
    RATIOS.map((r) => {
      const { width, height } = sizeForAspectRatio(parseAspectRatio(r), {
        width: side,
        height: side,
      });
      return [r, `${width}x${height}`];
    }),
  );

describe('sizeForAspectRatio', () => {
  it('maps the contract ratios at 512² (SD-Turbo, preview on CPU)', () => {
    expect(table(512)).toEqual({
      '1:1': '512x512',
      '2:3': '384x576',
      '3:2': '576x384',
      '3:4': '448x576',
      '4:3': '576x448',
      '9:16': '384x704',
      '16:9': '704x384',
    });
  });

  it('maps the contract ratios at 1024² (GPU servers)', () => {
    expect(table(1024)).toEqual({
      '1:1': '1024x1024',
      '2:3': '832x1280',
      '3:2': '1280x832',
      '3:4': '896x1216',
      '4:3': '1216x896',
      '9:16': '768x1344',
      '16:9': '1344x768',
    });
  });

  it('keeps every contract ratio within 5 % and both sides multiples of 64', () => {
    for (const side of [512, 768, 1024]) {
      for (const r of RATIOS) {
        const ratio = parseAspectRatio(r);
        const size = sizeForAspectRatio(ratio, { width: side, height: side });
        expect(size.width % 64, `${r} at ${side}`).toBe(0);
        expect(size.height % 64, `${r} at ${side}`).toBe(0);
        expect(ratioDiffers(size.width / size.height, ratio), `${r} at ${side}`).toBe(false);
      }
    }
  });

  it('stays inside 64…2048 for extreme ratios', () => {
    expect(sizeForAspectRatio(parseAspectRatio('100:1'), { width: 512, height: 512 })).toEqual({
      width: 2048,
      height: 64,
    });
  });
});

describe('parseAspectRatio', () => {
  it('reads any positive integers and refuses the rest', () => {
    expect(parseAspectRatio('21:9')).toBeCloseTo(21 / 9);
    for (const bad of ['0:1', '16:0', '16/9', '1.5:1', '-1:2', '', '16:9:1', '12345:1']) {
      expect(() => parseAspectRatio(bad), bad).toThrow(
        expect.objectContaining({ kind: 'invalid_request' }),
      );
    }
  });
});
