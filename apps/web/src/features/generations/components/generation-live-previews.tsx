import type { AspectRatio } from '@nocturne/contract/generations/generation-options';
import type { ImageSlot } from '../types';
import { progressTiles } from './progress-tiles';

/**
 * The images forming, one frame each: the newest preview slightly blurred with its step, and the
 * final picture fading in over it once it arrives (at once with reduced motion). The frames have
 * the result's aspect ratio and the same places as the percentage frames before them.
 */
export function GenerationLivePreviews({
  images,
  aspectRatio,
}: {
  images: readonly ImageSlot[];
  aspectRatio: AspectRatio;
}) {
  const tiles = progressTiles(images.length, aspectRatio);
  return (
    <ul aria-label="Live preview" className={tiles.gridClassName}>
      {images.map((slot) => (
        <li
          key={slot.index}
          data-testid="live-preview-frame"
          style={tiles.tileStyle}
          className={tiles.tileClassName}
        >
          {slot.preview ? (
            <img
              src={slot.preview.src}
              alt={`Image ${slot.index + 1} forming`}
              data-testid="live-preview-image"
              className="absolute inset-0 h-full w-full scale-105 object-cover blur-[2px]"
            />
          ) : (
            <div className="absolute inset-0 animate-pulse bg-gradient-to-br from-accent-600/25 via-transparent to-indigo-glow/25 motion-reduce:animate-none" />
          )}
          {slot.imageSrc && (
            <img
              src={slot.imageSrc}
              alt={`Image ${slot.index + 1}`}
              className="absolute inset-0 h-full w-full animate-[fade-in_600ms_ease-out] object-cover motion-reduce:animate-none"
            />
          )}
          {slot.preview && !slot.imageSrc && (
            <span className="absolute right-2 bottom-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs text-zinc-100 tabular-nums">
              Step {slot.preview.step} of {slot.preview.steps}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
