import {
  aspectRatioValue,
  type AspectRatio,
} from '@nocturne/contract/generations/generation-options';
import { cn } from '../../../lib/cn';

/**
 * The frames of the progress step, one per image in the result's aspect ratio from the start: the
 * percentage frames and the live previews share them, so nothing moves when a preview or a
 * result lands. Portrait images get a narrower column, so a tall frame stays on screen.
 */
export function progressTiles(count: number, ratio: AspectRatio) {
  const portrait = aspectRatioValue(ratio) < 1;
  const width =
    count > 1 ? (portrait ? 'max-w-64' : 'max-w-80') : portrait ? 'max-w-48' : 'max-w-64';
  return {
    gridClassName: cn('mx-auto grid w-full gap-2', width, count > 1 && 'grid-cols-2'),
    tileStyle: { aspectRatio: ratio.replace(':', ' / ') },
    tileClassName: 'relative overflow-hidden rounded-2xl border border-glass-border bg-night-800',
  };
}
