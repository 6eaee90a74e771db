import { useEffect, useRef, type PointerEvent } from 'react';
import type { ImageSize } from '../../types';
import {
  drawSegment,
  drawStroke,
  OVERLAY_INK,
  toImagePoint,
  type MaskStroke,
  type MaskTool,
} from './mask-strokes';

/** The tallest the image is shown, as a share of the window's height, so the tools stay in view. */
const MAX_HEIGHT_DVH = 60;

interface LiveStroke {
  pointerId: number;
  stroke: MaskStroke;
}

function overlayContext(canvas: HTMLCanvasElement | null) {
  return canvas?.getContext('2d') ?? null;
}

/**
 * The image with a canvas over it at the image's own pixels, where a mouse, pen or finger paints
 * (touch-action none: a finger paints instead of scrolling). A stroke is drawn as it goes and
 * handed over whole when the pointer lifts; the committed strokes are redrawn after each change
 * (undo, clear). The canvas is translucent, so what is painted tints the image below.
 */
export function MaskCanvas({
  src,
  alt,
  size,
  onSize,
  strokes,
  tool,
  brushSize,
  onStroke,
}: {
  src: string;
  alt: string;
  /** The image's own pixel size once it has loaded; painting starts then. */
  size: ImageSize | null;
  onSize: (size: ImageSize) => void;
  strokes: readonly MaskStroke[];
  tool: MaskTool;
  /** The brush's diameter as shown on screen, in CSS pixels. */
  brushSize: number;
  onStroke: (stroke: MaskStroke) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const live = useRef<LiveStroke | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = overlayContext(canvas);
    if (!canvas || !context) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    strokes.forEach((stroke) => drawStroke(context, stroke, OVERLAY_INK));
  }, [strokes, size]);

  function pointAt(event: PointerEvent<HTMLCanvasElement>, natural: ImageSize) {
    const shown = event.currentTarget.getBoundingClientRect();
    return { shown, point: toImagePoint(shown, natural, event.clientX, event.clientY) };
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    if (!size || live.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { shown, point } = pointAt(event, size);
    const width = (brushSize * size.width) / (shown.width || size.width);
    const stroke: MaskStroke = { tool, width, points: [point] };
    live.current = { pointerId: event.pointerId, stroke };
    const context = overlayContext(event.currentTarget);
    if (context) drawSegment(context, stroke, OVERLAY_INK, point, point);
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    const current = live.current;
    if (!size || !current || current.pointerId !== event.pointerId) return;
    const { point } = pointAt(event, size);
    const last = current.stroke.points[current.stroke.points.length - 1] ?? point;
    current.stroke.points.push(point);
    const context = overlayContext(event.currentTarget);
    if (context) drawSegment(context, current.stroke, OVERLAY_INK, last, point);
  }

  function end(event: PointerEvent<HTMLCanvasElement>) {
    const current = live.current;
    if (!current || current.pointerId !== event.pointerId) return;
    live.current = null;
    onStroke(current.stroke);
  }

  const ratio = size ? size.width / size.height : 1;
  return (
    <div
      className="relative mx-auto w-full"
      style={{ maxWidth: `calc(${MAX_HEIGHT_DVH}dvh * ${ratio})` }}
    >
      <img
        src={src}
        alt={alt}
        draggable={false}
        onLoad={(event) =>
          onSize({
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
        className="block h-auto w-full rounded-xl select-none"
      />
      {size && (
        <canvas
          ref={canvasRef}
          data-testid="mask-canvas"
          aria-hidden="true"
          width={size.width}
          height={size.height}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          className="absolute inset-0 h-full w-full cursor-crosshair touch-none rounded-xl opacity-55"
        />
      )}
    </div>
  );
}
