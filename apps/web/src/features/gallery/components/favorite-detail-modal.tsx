import { useState } from 'react';
import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { ImageDetailModal } from '../../../components/images/image-detail-modal';
import { Button } from '../../../components/ui/button';
import { imageHostUrl } from '../../../lib/image-host-url';
import { favoriteFileName } from '../utils/favorite-file-name';

/** The detail view of one favorite, with Remove behind a confirmation. */
export function FavoriteDetailModal({
  favorite,
  onClose,
  onPrevious,
  onNext,
  onRemove,
  onUseSettings,
}: {
  favorite: Favorite | null;
  onClose: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
  onRemove: (favorite: Favorite) => void;
  /** Shown only for favorites whose settings were kept (older ones have none). */
  onUseSettings?: (favorite: Favorite) => void;
}) {
  // Keyed by favorite, so moving to another image never carries a pending confirmation along.
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const confirming = favorite !== null && confirmingId === favorite.id;
  const removeAction = favorite && (
    <>
      <Button variant="danger" className="mr-auto" onClick={() => setConfirmingId(favorite.id)}>
        Remove
      </Button>
      {favorite.settings && onUseSettings && (
        <Button variant="glass" onClick={() => onUseSettings(favorite)}>
          Use these settings
        </Button>
      )}
    </>
  );
  const confirmation = confirming && (
    <div className="flex basis-full flex-wrap items-center justify-end gap-2">
      <p className="mr-auto text-sm text-zinc-300">
        Remove this image from your gallery? This cannot be undone.
      </p>
      <Button variant="glass" onClick={() => setConfirmingId(null)}>
        Keep it
      </Button>
      {/* The Remove button it replaces had focus; the question keeps it in the dialog. */}
      <Button variant="danger" autoFocus onClick={() => onRemove(favorite)}>
        Yes, remove
      </Button>
    </div>
  );

  return (
    <ImageDetailModal
      image={
        favorite && {
          id: favorite.id,
          src: imageHostUrl(favorite.result_image_url),
          sourcePrompt: favorite.source_prompt,
          contentPrompt: favorite.content_prompt,
          createdAt: favorite.created_at,
          options: favorite.settings && {
            negativePrompt: favorite.settings.negative_prompt,
            seed: favorite.settings.seed,
            aspectRatio: favorite.settings.aspect_ratio,
            quality: favorite.settings.quality,
            style: favorite.settings.style,
          },
        }
      }
      downloadName={favorite ? favoriteFileName(favorite.id) : ''}
      onClose={onClose}
      onPrevious={confirming ? undefined : onPrevious}
      onNext={confirming ? undefined : onNext}
      actions={removeAction || undefined}
      confirmation={confirmation || undefined}
    />
  );
}
