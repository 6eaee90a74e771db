import type { ImageSize } from '../../types';

export type MaskTool = 'brush' | 'eraser';

/** The brush's diameter as shown on screen, in CSS pixels. */
export const BRUSH_SIZE = { min: 4, max: 96, step: 2, initial: 32 } as const;

/** A point in the source image's own pixels, whatever size the image is shown at. */
export interface MaskPoint {
  x: number;
  y: number;
}

/** One press-move-release of the pointer: what it did, how wide, and where it went. */
export interface MaskStroke {
  tool: MaskTool;
  /** The brush's diameter in the source image's pixels. */
  width: number;
  points: MaskPoint[];
}

/** How strokes are drawn: the brush's colour, and the eraser's (null: it clears the canvas). */
export interface MaskInk {
  brush: string;
  eraser: string | null;
}

/** What the overlay shows: the brush in one colour (the canvas itself is translucent). */
export const OVERLAY_INK: MaskInk = { brush: '#f43f5e', eraser: null };
const MASK_KEPT = '#000000';
/** What the server gets: white where repainted, black elsewhere. */
export const MASK_INK: MaskInk = { brush: '#ffffff', eraser: MASK_KEPT };

/** Where a point of the shown image falls in the image's own pixels. */
export function toImagePoint(
  shown: { left: number; top: number; width: number; height: number },
  natural: ImageSize,
  clientX: number,
  clientY: number,
): MaskPoint {
  return {
    x: ((clientX - shown.left) * natural.width) / shown.width,
    y: ((clientY - shown.top) * natural.height) / shown.height,
  };
}

/** The segment from `from` to `to` of a stroke (a dot when they are one point). */
export function drawSegment(
  context: CanvasRenderingContext2D,
  stroke: Pick<MaskStroke, 'tool' | 'width'>,
  ink: MaskInk,
  from: MaskPoint,
  to: MaskPoint,
) {
  const colour = stroke.tool === 'brush' ? ink.brush : ink.eraser;
  context.globalCompositeOperation = colour === null ? 'destination-out' : 'source-over';
  context.strokeStyle = colour ?? '#000000';
  context.lineWidth = stroke.width;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.beginPath();
  context.moveTo(from.x, from.y);
  context.lineTo(to.x, to.y);
  context.stroke();
}

/** A whole stroke, segment by segment, as it was drawn live. */
export function drawStroke(context: CanvasRenderingContext2D, stroke: MaskStroke, ink: MaskInk) {
  stroke.points.forEach((point, index) =>
    drawSegment(context, stroke, ink, stroke.points[index - 1] ?? point, point),
  );
}

/** The mask as a PNG data URL at the image's own size, on a canvas never shown. */
export function maskDataUrl(strokes: readonly MaskStroke[], size: ImageSize): string {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the mask.');
  context.fillStyle = MASK_KEPT;
  context.fillRect(0, 0, size.width, size.height);
  strokes.forEach((stroke) => drawStroke(context, stroke, MASK_INK));
  return canvas.toDataURL('image/png');
}

/** Whether the brush has been used: the submit needs something painted. */
export function hasPaint(strokes: readonly MaskStroke[]): boolean {
  return strokes.some((stroke) => stroke.tool === 'brush');
}
