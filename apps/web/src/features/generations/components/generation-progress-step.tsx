import { PROMPT_PREVIEW_CHARS } from '@nocturne/contract/constants';
import { Button } from '../../../components/ui/button';
import type { ImageSlot } from '../flow/generation-flow-state';
import { hasLivePreview } from '../flow/generation-image-previews';
import { GenerationLivePreviews } from './generation-live-previews';
import { queueText } from '../utils/queue-text';
import { truncate } from '../utils/truncate';

export interface GenerationProgressStepProps {
  prompt: string;
  progress: number;
  message: string | null;
  queuePosition: number | null;
  /** Seconds until it starts, while queued. */
  waitSeconds?: number | null;
  imageCount?: number;
  /** The submit's images: their live previews replace the percentage frame once one arrives. */
  images?: readonly ImageSlot[];
  onCancel: () => void;
}

/** Spec §4 progress: percentage, phase message, queue place and wait, and Cancel. */
export function GenerationProgressStep({
  prompt,
  progress,
  message,
  queuePosition,
  waitSeconds = null,
  imageCount = 1,
  images = [],
  onCancel,
}: GenerationProgressStepProps) {
  const percent = Math.round(progress);
  const queue = queueText(queuePosition, waitSeconds);
  return (
    <div className="flex flex-col gap-5">
      {hasLivePreview(images) ? (
        <GenerationLivePreviews images={images} />
      ) : (
        <div
          aria-hidden="true"
          className="relative mx-auto flex aspect-square w-full max-w-64 items-center justify-center overflow-hidden rounded-2xl border border-glass-border bg-night-800"
        >
          <div className="absolute inset-0 animate-pulse bg-gradient-to-br from-accent-600/25 via-transparent to-indigo-glow/25" />
          <span className="font-display relative text-4xl font-semibold text-white tabular-nums">
            {percent}%
          </span>
        </div>
      )}
      <div>
        <div
          role="progressbar"
          aria-label="Generation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-glass-strong"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-accent-600 to-indigo-glow transition-[width] duration-500"
            style={{ width: `${percent}%` }}
          />
        </div>
        <div className="mt-3 flex items-start justify-between gap-3 text-sm">
          <p role="status" aria-live="polite" className="text-zinc-200">
            {message}
          </p>
          <span className="shrink-0 text-zinc-400 tabular-nums" data-testid="generation-percent">
            {percent}%
          </span>
        </div>
        {queue !== null && (
          <p className="mt-1 text-sm text-amber-200" data-testid="generation-queue">
            {queue}
          </p>
        )}
        {imageCount > 1 && (
          <p className="mt-1 text-xs text-zinc-400">
            {imageCount} images, progress of all together
          </p>
        )}
      </div>
      <p className="text-xs break-words text-zinc-500">
        “{truncate(prompt, PROMPT_PREVIEW_CHARS)}”
      </p>
      <div className="flex justify-end">
        <Button variant="glass" onClick={onCancel} className="max-sm:w-full">
          Cancel
        </Button>
      </div>
    </div>
  );
}
