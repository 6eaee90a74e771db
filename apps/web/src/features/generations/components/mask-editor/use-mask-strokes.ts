import { useCallback, useState } from 'react';
import type { MaskStroke } from './mask-strokes';

/**
 * The strokes painted so far, in order: a finished stroke is added whole, Undo takes back the
 * last one, Clear all of them. The list is the mask: the overlay and the PNG are drawn from it.
 */
export function useMaskStrokes() {
  const [strokes, setStrokes] = useState<MaskStroke[]>([]);
  const add = useCallback((stroke: MaskStroke) => setStrokes((all) => [...all, stroke]), []);
  const undo = useCallback(() => setStrokes((all) => all.slice(0, -1)), []);
  const clear = useCallback(() => setStrokes([]), []);
  return { strokes, add, undo, clear };
}

export type MaskStrokes = ReturnType<typeof useMaskStrokes>;
