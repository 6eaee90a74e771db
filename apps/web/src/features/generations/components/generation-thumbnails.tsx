import { aspectRatioValue } from '@nocturne/contract/generations/generation-options';
import { thumbnailBlurClass } from '../../../components/images/thumbnail-blur';
import { cn } from '../../../lib/cn';
import { imageHostUrl, imageSrcSet } from '../../../lib/image-host-url';
import type { GenerationListItem } from '../api/generation-list-schema';

import { truncate } from '../utils/truncate';

/**
 * The images of one history entry in `image_index` order, each 64 px high at its own aspect ratio
 * (nothing cropped); an image not (or no longer) kept is a placeholder of the same shape.
 */
export function GenerationThumbnails({
  images,
  blur,
  onOpen,
}: {
  images: GenerationListItem[];
  blur: boolean;
  onOpen: (image: GenerationListItem) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {images.map((image) => {
        const shape = { aspectRatio: aspectRatioValue(image.aspect_ratio) };
        const name = truncate(image.expanded_prompt ?? image.content_prompt, 40);
        if (!image.result_image_url) {
          return (
            <span
              key={image.id}
              aria-hidden="true"
              style={shape}
              className="flex h-16 items-center justify-center rounded-xl border border-dashed border-glass-border bg-glass text-lg text-zinc-600"
            >
              ✦
            </span>
          );
        }
        return (
          <button
            key={image.id}
            type="button"
            aria-label={
              images.length > 1
                ? `Open image ${image.image_index + 1} of ${image.image_count}: ${name}`
                : `Open image: ${name}`
            }
            onClick={() => onOpen(image)}
            style={shape}
            className="group h-16 overflow-hidden rounded-xl border border-glass-border bg-night-800 transition hover:border-accent-400"
          >
            <img
              src={imageHostUrl(image.result_image_url)}
              srcSet={imageSrcSet(image.result_image_url)}
              sizes={`${Math.ceil(64 * shape.aspectRatio)}px`}
              alt=""
              loading="lazy"
              className={cn('size-full object-cover', thumbnailBlurClass(blur))}
            />
          </button>
        );
      })}
    </div>
  );
}
