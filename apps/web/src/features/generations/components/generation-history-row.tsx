import { useState } from 'react';
import { AlertText } from '../../../components/ui/alert-text';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteGeneration } from '../api/delete-generation';
import type { GenerationListItem } from '../api/generation-list-schema';
import { useRetryGeneration } from '../api/retry-generation';
import type { DeriveAction } from '../types';
import type { DeriveCredits } from '../utils/derive-actions';
import type { DerivedCount } from '../utils/derived-counts';
import type { HistoryEntry } from '../utils/history-entries';
import { DeleteGenerationDialog } from './delete-generation-dialog';
import { DeriveButtons } from './derive-buttons';
import { GenerationThumbnails } from './generation-thumbnails';
import { HistoryImageViewer } from './history-image-viewer';
import { HistoryRowActions } from './history-row-actions';
import { HistoryRowText } from './history-row-text';

export interface GenerationHistoryRowProps {
  /** The person's credit state for the Vary/Upscale costs; null while unknown. */
  credits?: DeriveCredits | null;
  /** The images of one submit in `image_index` order (a single image is a submit of one). */
  images: HistoryEntry;
  /** 'Use these settings': the page opens the generation modal filled with this row's. */
  onUseSettings?: (generation: GenerationListItem) => void;
  /** The person's preference: the thumbnail is blurred until hovered or focused. */
  blurThumbnails?: boolean;
  /** Vary or upscale one of its images: the page opens the generation modal on its progress. */
  onDerive?: (image: GenerationListItem, action: DeriveAction) => void;
  /** Variations and upscales of its images among the loaded rows. */
  derivedCount?: (id: string) => DerivedCount | undefined;
}

/**
 * One history entry, a submit of one or more images: its text (status, prompt, settings, lineage),
 * the images' thumbnails in order while they are kept (opening the full-size detail view, arrows
 * moving between them), Retry (its failed images) and Delete (all its images).
 */
export function GenerationHistoryRow({
  images,
  blurThumbnails = false,
  onUseSettings,
  onDerive,
  derivedCount,
  credits = null,
}: GenerationHistoryRowProps) {
  const [confirming, setConfirming] = useState(false);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const retry = useRetryGeneration();
  const remove = useDeleteGeneration();
  const generation = images[0];
  const failed = images.filter((image) => image.status === 'failed');
  // A batch's images sit in a strip under its text; a single image beside it.
  const batch = images.length > 1;
  const thumbnails = (
    <GenerationThumbnails
      images={images}
      blur={blurThumbnails}
      onOpen={(image) => setViewingId(image.id)}
    />
  );

  return (
    <li
      data-testid="generation-row"
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:gap-4 sm:px-5"
    >
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        {!batch && (
          // As wide as the widest ratio, so every single image's text starts at one line.
          <div className="flex w-[114px] shrink-0 justify-center">{thumbnails}</div>
        )}
        <div className="min-w-0 flex-1">
          <HistoryRowText images={images} failed={failed} derivedCount={derivedCount} />
          {batch && <div className="mt-3">{thumbnails}</div>}
          {!batch && onDerive && generation.result_image_url && (
            <div className="mt-3">
              <DeriveButtons
                model={generation.model}
                credits={credits}
                source={{
                  id: generation.id,
                  imageSrc: generation.result_image_url,
                  prompt: generation.content_prompt,
                }}
                onDerive={(action) => onDerive(generation, action)}
              />
            </div>
          )}
          {retry.isError && (
            <AlertText size="xs" className="mt-1">
              {getErrorMessage(retry.error)}
            </AlertText>
          )}
        </div>
      </div>
      <HistoryRowActions
        generation={generation}
        onUseSettings={onUseSettings}
        retrying={retry.isPending}
        onRetry={
          failed.length > 0 ? () => failed.forEach((image) => retry.mutate(image.id)) : undefined
        }
        onDelete={() => {
          remove.reset();
          setConfirming(true);
        }}
      />
      <HistoryImageViewer
        images={images}
        viewingId={viewingId}
        onView={setViewingId}
        credits={credits}
        onDerive={onDerive}
      />
      <DeleteGenerationDialog
        open={confirming}
        deleting={remove.isPending}
        error={remove.isError ? getErrorMessage(remove.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void Promise.all(images.map((image) => remove.mutateAsync(image.id)))
            .then(() => setConfirming(false))
            .catch(() => undefined)
        }
      />
    </li>
  );
}
