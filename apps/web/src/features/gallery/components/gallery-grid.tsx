import { useRef, useState, type KeyboardEvent } from 'react';
import { aspectRatioValue } from '@nocturne/contract/generations/generation-options';
import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { thumbnailBlurClass } from '../../../components/images/thumbnail-blur';
import { cn } from '../../../lib/cn';
import { imageHostUrl, imageSrcSet } from '../../../lib/image-host-url';
import { tileInNextRow } from '../utils/tile-in-next-row';

export const GRID_CLASSES =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** Row height the justified rows start from (phone, then wider screens), in px. */
const ROW_HEIGHT = { base: 150, wide: 210 };

/** A favorite's width:height; favorites saved before settings were kept read as square. */
function ratioOf(favorite: Favorite): number {
  return aspectRatioValue(favorite.settings?.aspect_ratio ?? '1:1');
}

/**
 * The favorites as justified rows: each image at its own aspect ratio (nothing cropped), rows
 * filled edge to edge, the last row left at its natural width. One tile is in the tab order;
 * arrow keys, Home and End move between tiles (up and down to the nearest tile of the next row),
 * Enter or Space opens the detail view.
 */
export function GalleryGrid({
  favorites,
  onOpen,
  blurThumbnails = false,
}: {
  favorites: Favorite[];
  onOpen: (index: number) => void;
  /** The person's preference: images blurred until hovered or focused. */
  blurThumbnails?: boolean;
}) {
  const tileRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [active, setActive] = useState(0);
  const current = Math.min(active, favorites.length - 1);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const last = favorites.length - 1;
    const tiles = tileRefs.current.slice(0, favorites.length);
    let next: number;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'ArrowLeft') next = current - 1;
    else if (event.key === 'ArrowRight') next = current + 1;
    else if (event.key === 'ArrowDown') next = tileInNextRow(tiles, current, 1);
    else if (event.key === 'ArrowUp') next = tileInNextRow(tiles, current, -1);
    else return;
    event.preventDefault();
    next = Math.min(Math.max(next, 0), last);
    setActive(next);
    tiles[next]?.focus();
  }

  return (
    <ul
      aria-label="Favorites"
      className="flex flex-wrap gap-3 [--row-h:150px] sm:gap-4 sm:[--row-h:210px]"
      onKeyDown={onKeyDown}
    >
      {favorites.map((favorite, index) => {
        const ratio = ratioOf(favorite);
        return (
          <li
            key={favorite.id}
            data-testid="gallery-tile"
            style={{ flexGrow: ratio, flexBasis: `calc(var(--row-h) * ${ratio})` }}
          >
            <button
              ref={(element) => {
                tileRefs.current[index] = element;
              }}
              type="button"
              tabIndex={index === current ? 0 : -1}
              aria-label={`Open image: ${favorite.content_prompt}`}
              title={favorite.content_prompt}
              onFocus={() => setActive(index)}
              onClick={() => onOpen(index)}
              style={{ aspectRatio: ratio }}
              className="group block w-full overflow-hidden rounded-2xl border border-glass-border bg-night-800 outline-none focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:ring-offset-2 focus-visible:ring-offset-night-950"
            >
              <img
                src={imageHostUrl(favorite.result_image_url)}
                srcSet={imageSrcSet(favorite.result_image_url)}
                sizes={`(min-width: 640px) ${Math.ceil(ROW_HEIGHT.wide * ratio * 1.5)}px, ${Math.ceil(ROW_HEIGHT.base * ratio * 1.5)}px`}
                alt=""
                loading="lazy"
                className={cn(
                  'size-full object-cover transition duration-300 group-hover:scale-105',
                  thumbnailBlurClass(blurThumbnails),
                )}
              />
            </button>
          </li>
        );
      })}
      {/* Takes the last row's spare width, so its images keep their size instead of stretching. */}
      <li aria-hidden="true" className="h-0 grow-[1000]" />
    </ul>
  );
}
