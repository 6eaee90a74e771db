import { vi } from 'vitest';

/** One thing drawn on a fake canvas: a filled rectangle or a stroked segment. */
export type DrawnOp =
  | { op: 'fill'; colour: string; width: number; height: number }
  | {
      op: 'stroke';
      colour: string;
      composite: string;
      width: number;
      from: [number, number];
      to: [number, number];
    };

/** What a fake canvas's toDataURL encodes instead of pixels: its size and what was drawn. */
export interface FakePng {
  type: string;
  width: number;
  height: number;
  ops: DrawnOp[];
}

const drawings = new WeakMap<HTMLCanvasElement, DrawnOp[]>();

function opsOf(canvas: HTMLCanvasElement): DrawnOp[] {
  let ops = drawings.get(canvas);
  if (!ops) drawings.set(canvas, (ops = []));
  return ops;
}

/** The part of CanvasRenderingContext2D the mask editor uses, recording instead of drawing. */
function fakeContext(canvas: HTMLCanvasElement) {
  let path: { from: [number, number]; to: [number, number] } | null = null;
  const context = {
    fillStyle: '#000000',
    strokeStyle: '#000000',
    globalCompositeOperation: 'source-over',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    clearRect: () => opsOf(canvas).splice(0),
    fillRect: (_x: number, _y: number, width: number, height: number) =>
      opsOf(canvas).push({ op: 'fill', colour: context.fillStyle, width, height }),
    beginPath: () => (path = null),
    moveTo: (x: number, y: number) => (path = { from: [x, y], to: [x, y] }),
    lineTo: (x: number, y: number) => path && (path.to = [x, y]),
    stroke: () =>
      path &&
      opsOf(canvas).push({
        op: 'stroke',
        colour: context.strokeStyle,
        composite: context.globalCompositeOperation,
        width: context.lineWidth,
        ...path,
      }),
  };
  return context;
}

/**
 * jsdom draws nothing: canvases get a 2D context that records what is drawn, and toDataURL
 * returns a data URL of that record (`readFakePng` reads it back). Restored after each test by
 * the config's restoreMocks.
 */
export function installFakeCanvas() {
  const contexts = new WeakMap<HTMLCanvasElement, ReturnType<typeof fakeContext>>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    if (!contexts.has(this)) contexts.set(this, fakeContext(this));
    return contexts.get(this) as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
    this: HTMLCanvasElement,
    type = 'image/png',
  ) {
    const png: FakePng = { type, width: this.width, height: this.height, ops: opsOf(this) };
    return `data:${type};base64,${btoa(JSON.stringify(png))}`;
  });
}

/** What was drawn on a canvas so far (the overlay, as the person sees it). */
export function drawnOn(canvas: HTMLCanvasElement): readonly DrawnOp[] {
  return opsOf(canvas);
}

/** The record a fake canvas's data URL carries. */
export function readFakePng(dataUrl: string): FakePng {
  const [, base64 = ''] = dataUrl.split(',');
  return JSON.parse(atob(base64)) as FakePng;
}
