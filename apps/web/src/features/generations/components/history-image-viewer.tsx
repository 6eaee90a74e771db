import { ImageDetailModal } from '../../../components/images/image-detail-modal';
import { useModelNames } from '../api/get-models';
import type { GenerationListItem } from '../api/generation-list-schema';
import type { DeriveAction } from '../types';
import type { DeriveCredits } from '../utils/derive-actions';
import { generatedImageFileName } from '../utils/download-image';
import { detailImage } from '../utils/history-entries';
import { DeriveButtons } from './derive-buttons';

/**
 * The full-size detail view of a history entry's kept images: the one being viewed, arrows to
 * its neighbours, and Vary, Upscale or Edit region of it (which closes the view once sent).
 */
export function HistoryImageViewer({
  images,
  viewingId,
  onView,
  credits,
  onDerive,
}: {
  images: GenerationListItem[];
  /** The image shown; null: the view is closed. */
  viewingId: string | null;
  onView: (id: string | null) => void;
  credits: DeriveCredits | null;
  onDerive?: (image: GenerationListItem, action: DeriveAction) => void;
}) {
  const modelName = useModelNames();
  const viewable = images.filter((image) => image.result_image_url);
  if (viewable.length === 0) return null;
  const viewingAt = viewable.findIndex((image) => image.id === viewingId);
  const viewing = viewable[viewingAt];
  return (
    <ImageDetailModal
      image={viewing ? detailImage(viewing, modelName(viewing.model)) : null}
      downloadName={generatedImageFileName()}
      onClose={() => onView(null)}
      actions={
        viewing &&
        onDerive && (
          <DeriveButtons
            model={viewing.model}
            credits={credits}
            source={
              viewing.result_image_url
                ? {
                    id: viewing.id,
                    imageSrc: viewing.result_image_url,
                    prompt: viewing.content_prompt,
                  }
                : undefined
            }
            onDerive={(action) => {
              onView(null);
              onDerive(viewing, action);
            }}
          />
        )
      }
      onPrevious={viewingAt > 0 ? () => onView(viewable[viewingAt - 1]!.id) : undefined}
      onNext={
        viewingAt >= 0 && viewingAt < viewable.length - 1
          ? () => onView(viewable[viewingAt + 1]!.id)
          : undefined
      }
    />
  );
}
