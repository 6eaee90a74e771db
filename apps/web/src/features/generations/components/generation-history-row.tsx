import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { useState } from 'react';
import { HISTORY_PREVIEW_CHARS, PROMPT_PREVIEW_CHARS } from '@nocturne/contract/constants';
import { ImageDetailModal } from '../../../components/images/image-detail-modal';
import { thumbnailBlurClass } from '../../../components/images/thumbnail-blur';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteGeneration } from '../api/delete-generation';
import { useModelNames } from '../api/get-models';
import type { GenerationListItem } from '../api/generation-list-schema';
import { useRetryGeneration } from '../api/retry-generation';
import { generatedImageFileName } from '../utils/download-image';
import { imageHostUrl } from '../../../lib/image-host-url';
import { truncate } from '../utils/truncate';
import { DeleteGenerationDialog } from './delete-generation-dialog';
import { GenerationOptionsLine } from './generation-options-line';
import { GenerationStatusBadge } from './generation-status-badge';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One history entry: status, prompt preview (100 characters, expandable to the 150-character
 * history preview), date, thumbnail while the image is kept (opening the full-size detail view),
 * Retry (failed) and Delete.
 */
export function GenerationHistoryRow({
  generation,
  blurThumbnails = false,
  onUseSettings,
}: {
  generation: GenerationListItem;
  /** 'Use these settings': the page opens the generation modal filled with this row's. */
  onUseSettings?: (generation: GenerationListItem) => void;
  /** The person's preference: the thumbnail is blurred until hovered or focused. */
  blurThumbnails?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [viewing, setViewing] = useState(false);
  const modelName = useModelNames();
  const retry = useRetryGeneration();
  // The badge says Cancelled; the reason is not repeated as an error.
  const cancelled = generation.error === CANCELLED_REASON;
  const remove = useDeleteGeneration();
  const prompt = generation.content_prompt;
  const expandable = Array.from(prompt).length > PROMPT_PREVIEW_CHARS;
  const preview = truncate(prompt, expanded ? HISTORY_PREVIEW_CHARS : PROMPT_PREVIEW_CHARS);

  return (
    <li
      data-testid="generation-row"
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:gap-4 sm:px-5"
    >
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        {generation.result_image_url ? (
          <button
            type="button"
            aria-label={`Open image: ${truncate(prompt, 40)}`}
            onClick={() => setViewing(true)}
            className="group size-16 shrink-0 overflow-hidden rounded-xl border border-glass-border bg-night-800 transition hover:border-accent-400"
          >
            <img
              src={imageHostUrl(generation.result_image_url)}
              alt=""
              loading="lazy"
              className={cn('size-full object-cover', thumbnailBlurClass(blurThumbnails))}
            />
          </button>
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-xl border border-dashed border-glass-border bg-glass text-lg text-zinc-600"
          >
            ✦
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <GenerationStatusBadge status={generation.status} error={generation.error} />
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
          <GenerationOptionsLine generation={generation} />
          {generation.status === 'failed' && generation.error && !cancelled && (
            <p className="mt-1 text-xs text-rose-300">{generation.error}</p>
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
        {generation.status === 'failed' && (
          <Button
            size="sm"
            variant="glass"
            disabled={retry.isPending}
            onClick={() => retry.mutate(generation.id)}
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
      {generation.result_image_url && (
        <ImageDetailModal
          image={
            viewing
              ? {
                  id: generation.id,
                  src: imageHostUrl(generation.result_image_url),
                  sourcePrompt: generation.source_prompt,
                  contentPrompt: prompt,
                  createdAt: generation.created_at,
                  model: modelName(generation.model),
                }
              : null
          }
          downloadName={generatedImageFileName()}
          onClose={() => setViewing(false)}
        />
      )}
      <DeleteGenerationDialog
        open={confirming}
        deleting={remove.isPending}
        error={remove.isError ? getErrorMessage(remove.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(generation.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
