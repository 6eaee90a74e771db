import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { useState } from 'react';
import { HISTORY_PREVIEW_CHARS, PROMPT_PREVIEW_CHARS } from '@nocturne/contract/constants';
import { ImageDetailModal } from '../../../components/images/image-detail-modal';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteGeneration } from '../api/delete-generation';
import { useModelNames } from '../api/get-models';
import type { GenerationListItem } from '../api/generation-list-schema';
import { useRetryGeneration } from '../api/retry-generation';
import { generatedImageFileName } from '../utils/download-image';
import { GenerationThumbnails } from './generation-thumbnails';
import { detailImage, statusBadges } from '../utils/history-entries';
import { truncate } from '../utils/truncate';
import { DeleteGenerationDialog } from './delete-generation-dialog';
import { ExpandedPrompts } from './expanded-prompts';
import { GenerationOptionsLine } from './generation-options-line';
import { GenerationStatusBadge } from './generation-status-badge';
import { DeriveButtons } from './derive-buttons';
import { DerivedCountLine, DerivedFromLine } from './generation-lineage';
import type { DeriveAction, DeriveCredits } from '../utils/derive-actions';
import { generationAnchor, type DerivedCount } from '../utils/derived-counts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One history entry, a submit of one or more images: status, prompt preview (100 characters,
 * expandable to the 150-character history preview), date, the images' thumbnails in order while
 * they are kept (opening the full-size detail view, arrows moving between them), Retry (its failed
 * images) and Delete (all its images).
 */
export function GenerationHistoryRow({
  images,
  blurThumbnails = false,
  onUseSettings,
  onDerive,
  derivedCount,
  credits = null,
}: {
  /** The person's credit state for the Vary/Upscale costs; null while unknown. */
  credits?: DeriveCredits | null;
  /** The images of one submit in `image_index` order (a single image is a submit of one). */
  images: [GenerationListItem, ...GenerationListItem[]];
  /** 'Use these settings': the page opens the generation modal filled with this row's. */
  onUseSettings?: (generation: GenerationListItem) => void;
  /** The person's preference: the thumbnail is blurred until hovered or focused. */
  blurThumbnails?: boolean;
  /** Vary or upscale one of its images: the page opens the generation modal on its progress. */
  onDerive?: (image: GenerationListItem, action: DeriveAction) => void;
  /** Variations and upscales of its images among the loaded rows. */
  derivedCount?: (id: string) => DerivedCount | undefined;
}) {
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const modelName = useModelNames();
  const retry = useRetryGeneration();
  const remove = useDeleteGeneration();
  const generation = images[0];
  const failed = images.filter((image) => image.status === 'failed');
  // The badge says Cancelled; the reason is not repeated as an error.
  const errors = [
    ...new Set(
      failed.map((image) => image.error).filter((error) => error && error !== CANCELLED_REASON),
    ),
  ];
  // A batch's images sit in a strip under its text; a single image beside it.
  const batch = images.length > 1;
  const thumbnails = (
    <GenerationThumbnails
      images={images}
      blur={blurThumbnails}
      onOpen={(image) => setViewingId(image.id)}
    />
  );
  const viewable = images.filter((image) => image.result_image_url);
  const viewingAt = viewable.findIndex((image) => image.id === viewingId);
  const viewing = viewable[viewingAt];
  const prompt = generation.content_prompt;
  const expandable = Array.from(prompt).length > PROMPT_PREVIEW_CHARS;
  const preview = truncate(prompt, expanded ? HISTORY_PREVIEW_CHARS : PROMPT_PREVIEW_CHARS);

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
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {statusBadges(images).map((image) => (
              <GenerationStatusBadge key={image.id} status={image.status} error={image.error} />
            ))}
            <time dateTime={generation.created_at} className="text-xs text-zinc-500">
              {dateFormat.format(new Date(generation.created_at))}
            </time>
          </div>
          <p className="mt-2 text-sm break-words text-zinc-200" title={prompt}>
            {preview}
          </p>
          {expandable && (
            <button
              type="button"
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
              className="mt-1 text-xs font-medium text-accent-300 hover:text-accent-400"
            >
              {expanded ? 'Show less' : 'Show more'}
            </button>
          )}
          <ExpandedPrompts images={images} />
          <GenerationOptionsLine images={images} />
          <DerivedFromLine image={generation} />
          {images.map((image) => (
            <span key={image.id} id={generationAnchor(image.id)} className="scroll-mt-24" />
          ))}
          {images.map((image) => (
            <DerivedCountLine key={image.id} count={derivedCount?.(image.id)} />
          ))}
          {errors.map((error) => (
            <p key={error} className="mt-1 text-xs text-rose-300">
              {error}
            </p>
          ))}
          {batch && <div className="mt-3">{thumbnails}</div>}
          {!batch && onDerive && generation.result_image_url && (
            <div className="mt-3">
              <DeriveButtons
                model={generation.model}
                credits={credits}
                onDerive={(action) => onDerive(generation, action)}
              />
            </div>
          )}
          {retry.isError && (
            <p role="alert" className="mt-1 text-xs text-rose-300">
              {getErrorMessage(retry.error)}
            </p>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-2 sm:flex-col sm:items-stretch">
        {onUseSettings && (
          <Button
            size="sm"
            variant="glass"
            aria-label={`Use these settings: ${truncate(prompt, 40)}`}
            onClick={() => onUseSettings(generation)}
          >
            Use these settings
          </Button>
        )}
        {failed.length > 0 && (
          <Button
            size="sm"
            variant="glass"
            disabled={retry.isPending}
            onClick={() => failed.forEach((image) => retry.mutate(image.id))}
          >
            {retry.isPending ? 'Retrying...' : 'Retry'}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="text-zinc-400 hover:text-rose-200"
          aria-label={`Delete generation: ${truncate(prompt, 40)}`}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          Delete
        </Button>
      </div>
      {viewable.length > 0 && (
        <ImageDetailModal
          image={viewing ? detailImage(viewing, modelName(viewing.model)) : null}
          downloadName={generatedImageFileName()}
          onClose={() => setViewingId(null)}
          actions={
            viewing &&
            onDerive && (
              <DeriveButtons
                model={viewing.model}
                credits={credits}
                onDerive={(action) => {
                  setViewingId(null);
                  onDerive(viewing, action);
                }}
              />
            )
          }
          onPrevious={viewingAt > 0 ? () => setViewingId(viewable[viewingAt - 1]!.id) : undefined}
          onNext={
            viewingAt >= 0 && viewingAt < viewable.length - 1
              ? () => setViewingId(viewable[viewingAt + 1]!.id)
              : undefined
          }
        />
      )}
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
