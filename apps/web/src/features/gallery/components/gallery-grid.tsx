import { useRef, useState, type KeyboardEvent } from 'react';
import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { thumbnailBlurClass } from '../../../components/images/thumbnail-blur';
import { cn } from '../../../lib/cn';
import { imageHostUrl } from '../../../lib/image-host-url';

export const GRID_CLASSES =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** How many tiles one row holds at the current width (1 where layout is unknown). */
function columnCount(grid: HTMLElement | null): number {
  if (!grid) return 1;
  const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length;
  return Math.max(1, columns);
}

/**
 * The favorites grid. One tile is in the tab order; arrow keys, Home and End move between tiles
 * (up and down by a row), Enter or Space opens the detail view.
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
  const gridRef = useRef<HTMLUListElement>(null);
  const tileRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [active, setActive] = useState(0);
  const current = Math.min(active, favorites.length - 1);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const columns = columnCount(gridRef.current);
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -columns,
      ArrowDown: columns,
    };
    let next: number;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = favorites.length - 1;
    else if (event.key in steps) next = current + (steps[event.key] ?? 0);
    else return;
    event.preventDefault();
    next = Math.min(Math.max(next, 0), favorites.length - 1);
    setActive(next);
    tileRefs.current[next]?.focus();
  }

  return (
    <ul ref={gridRef} aria-label="Favorites" className={GRID_CLASSES} onKeyDown={onKeyDown}>
      {favorites.map((favorite, index) => (
        <li key={favorite.id} data-testid="gallery-tile">
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
            className="group block aspect-square w-full overflow-hidden rounded-2xl border border-glass-border bg-night-800 outline-none focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:ring-offset-2 focus-visible:ring-offset-night-950"
          >
            <img
              src={imageHostUrl(favorite.result_image_url)}
              alt=""
              loading="lazy"
              className={cn(
                'size-full object-cover transition duration-300 group-hover:scale-105',
                thumbnailBlurClass(blurThumbnails),
              )}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
