import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { LoadErrorPanel } from '../../../components/errors/load-error-panel';
import { getErrorMessage } from '../../../lib/get-error-message';
import type { GalleryQuery } from '../hooks/use-gallery-view';
import { GalleryCount } from './gallery-count';
import { GalleryEmptyState } from './gallery-empty-state';
import { GalleryGrid } from './gallery-grid';
import { GalleryPaging } from './gallery-paging';
import { GallerySkeleton } from './gallery-skeleton';

/** What the view shows: the skeleton, the load error, the empty state, or the grid and paging. */
export function GalleryResults({
  query,
  favorites,
  filtered,
  holdResults,
  blurThumbnails,
  onOpen,
  onGenerate,
  onClearFilters,
}: {
  query: GalleryQuery;
  favorites: Favorite[];
  filtered: boolean;
  holdResults: boolean;
  blurThumbnails: boolean;
  onOpen: (index: number) => void;
  onGenerate: () => void;
  onClearFilters: () => void;
}) {
  if (query.isPending || holdResults) return <GallerySkeleton />;
  if (query.isError && !query.data) {
    return (
      <LoadErrorPanel
        title="Failed to Load Gallery"
        message={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (favorites.length === 0) {
    return (
      <GalleryEmptyState
        filtered={filtered}
        onGenerate={onGenerate}
        onClearFilters={onClearFilters}
      />
    );
  }
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return (
    <>
      <GalleryCount shown={favorites.length} total={total} filtered={filtered} />
      <GalleryGrid favorites={favorites} blurThumbnails={blurThumbnails} onOpen={onOpen} />
      <GalleryPaging query={query} filtered={filtered} />
    </>
  );
}
