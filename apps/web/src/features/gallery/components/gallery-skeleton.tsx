import { GALLERY_SKELETON_TILES } from '@nocturne/contract/constants';
import { GRID_CLASSES } from './gallery-grid';

/** Spec §2: 10 tiles while the first page loads. */
export function GallerySkeleton() {
  return (
    <div role="status" aria-label="Loading your gallery">
      <ul aria-hidden="true" className={GRID_CLASSES}>
        {Array.from({ length: GALLERY_SKELETON_TILES }, (_, index) => (
          <li
            key={index}
            data-testid="gallery-tile-skeleton"
            className="aspect-square animate-pulse rounded-2xl bg-glass-strong"
          />
        ))}
      </ul>
    </div>
  );
}
