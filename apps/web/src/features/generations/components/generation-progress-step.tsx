import type { ReactNode } from 'react';
import { PROMPT_PREVIEW_CHARS } from '@nocturne/contract/constants';
import type { AspectRatio } from '@nocturne/contract/generations/generation-options';
import { Button } from '../../../components/ui/button';
import type { ImageSlot } from '../types';
import { hasLivePreview } from '../flow/generation-image-previews';
import { GenerationLivePreviews } from './generation-live-previews';
import { progressTiles } from './progress-tiles';
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
  /** The result's aspect ratio: every frame has it from the start. */
  aspectRatio?: AspectRatio;
  /** The submit's images: their live previews replace the percentage frame once one arrives. */
  images?: readonly ImageSlot[];
  onCancel: () => void;
}

/** The frames before any preview: one per image, the percentage over them. */
function PercentFrames({
  count,
  ratio,
  children,
}: {
  count: number;
  ratio: AspectRatio;
  children: ReactNode;
}) {
  const tiles = progressTiles(count, ratio);
  return (
    <div aria-hidden="true" className="relative">
      <div className={tiles.gridClassName}>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} style={tiles.tileStyle} className={tiles.tileClassName}>
            <div className="absolute inset-0 animate-pulse bg-gradient-to-br from-accent-600/25 via-transparent to-indigo-glow/25 motion-reduce:animate-none" />
          </div>
        ))}
      </div>
      <span className="font-display absolute inset-0 flex items-center justify-center text-4xl font-semibold text-white tabular-nums">
        {children}
      </span>
    </div>
  );
}

/** Spec §4 progress: percentage, phase message, queue place and wait, and Cancel. */
export function GenerationProgressStep({
  prompt,
  progress,
  message,
  queuePosition,
  waitSeconds = null,
  imageCount = 1,
  aspectRatio = '1:1',
  images = [],
  onCancel,
}: GenerationProgressStepProps) {
  const percent = Math.round(progress);
  const queue = queueText(queuePosition, waitSeconds);
  return (
    <div className="flex flex-col gap-5">
      {hasLivePreview(images) ? (
        <GenerationLivePreviews images={images} aspectRatio={aspectRatio} />
      ) : (
        <PercentFrames count={Math.max(imageCount, images.length)} ratio={aspectRatio}>
          {percent}%
        </PercentFrames>
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
        {/* The queue line keeps its room once it is gone, so Cancel stays where it was. */}
        <div className="mt-1 min-h-5">
          {queue !== null && (
            <p className="text-sm text-amber-200" data-testid="generation-queue">
              {queue}
            </p>
          )}
        </div>
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
