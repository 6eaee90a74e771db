import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { useState, type ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useRemoveFavorite } from '../api/remove-favorite';
import { useGalleryView } from '../hooks/use-gallery-view';
import { GalleryResults } from './gallery-results';
import { GalleryToolbar } from './gallery-toolbar';
import { LazyFavoriteDetailModal } from './lazy-favorite-detail-modal';

/** 'Your Gallery' (spec §2): the favorites with search, sort, time filter and paging. */
export function Gallery({
  onGenerate,
  blurThumbnails = false,
  notice,
  holdResults = false,
  onUseSettings,
}: {
  onGenerate: () => void;
  /** 'Use these settings' on a favorite made with known settings: the page opens the generator. */
  onUseSettings?: (favorite: Favorite) => void;
  blurThumbnails?: boolean;
  /** Shown above the results, in the same paint as them. */
  notice?: ReactNode;
  /**
   * Keeps the skeleton while the notice is still unknown: a notice arriving above results already
   * on screen would push them down (a layout shift, issue 9).
   */
  holdResults?: boolean;
}) {
  const { query, filtered, toolbar, clearFilters } = useGalleryView();
  const [openId, setOpenId] = useState<string | null>(null);
  const remove = useRemoveFavorite();
  const favorites = query.data?.pages.flatMap((page) => page.favorites) ?? [];
  const openIndex = favorites.findIndex((favorite) => favorite.id === openId);
  const open = openIndex >= 0 ? favorites[openIndex] : undefined;

  return (
    <div className="space-y-5">
      <GalleryToolbar {...toolbar} />
      {remove.isError && (
        <p role="alert" className="rounded-2xl bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
          The image could not be removed: {getErrorMessage(remove.error)}
        </p>
      )}
      {!query.isPending && !holdResults && notice}
      <GalleryResults
        query={query}
        favorites={favorites}
        filtered={filtered}
        holdResults={holdResults}
        blurThumbnails={blurThumbnails}
        onOpen={(index) => setOpenId(favorites[index]?.id ?? null)}
        onGenerate={onGenerate}
        onClearFilters={clearFilters}
      />
      <LazyFavoriteDetailModal
        open={open !== undefined}
        favorite={open ?? null}
        onClose={() => setOpenId(null)}
        onPrevious={openIndex > 0 ? () => setOpenId(favorites[openIndex - 1]!.id) : undefined}
        onNext={
          openIndex >= 0 && openIndex < favorites.length - 1
            ? () => setOpenId(favorites[openIndex + 1]!.id)
            : undefined
        }
        onRemove={(favorite) => {
          setOpenId(null);
          remove.mutate(favorite);
        }}
        onUseSettings={
          onUseSettings &&
          ((favorite) => {
            setOpenId(null);
            onUseSettings(favorite);
          })
        }
      />
    </div>
  );
}
