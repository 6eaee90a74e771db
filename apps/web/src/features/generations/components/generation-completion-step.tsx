import type { AspectRatio } from '@nocturne/contract/generations/generation-options';
import { UPGRADE_NUDGE_THRESHOLD } from '@nocturne/contract/constants';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { FinishedImage, ImageSize } from '../types';
import { upgradeNudgeText } from '../utils/generation-texts';
import { GenerationResultImage } from './generation-result-image';

export interface GenerationCompletionStepProps {
  prompt: string;
  images: FinishedImage[];
  aspectRatio?: AspectRatio;
  requestId: string | null;
  message: string | null;
  isPremium: boolean;
  balance: number;
  onGenerateAgain: () => void;
  /** Told each image's pixel size once it has loaded. */
  onImageSize?: (index: number, size: ImageSize) => void;
  /** Buttons under each finished image (Vary, Upscale). */
  imageActions?: (image: FinishedImage) => ReactNode;
}

/**
 * Spec §2 completion: every image of the submit with its Download, Save to favorites and seed
 * (a failed one says why), what can be made from it (Vary, Upscale), and Generate Again.
 */
export function GenerationCompletionStep({
  prompt,
  images,
  aspectRatio = '1:1',
  requestId,
  message,
  isPremium,
  balance,
  onGenerateAgain,
  onImageSize,
  imageActions,
}: GenerationCompletionStepProps) {
  const showNudge = !isPremium && balance <= UPGRADE_NUDGE_THRESHOLD;
  const several = images.length > 1;
  return (
    <div className="flex flex-col gap-4">
      <div className={cn('grid gap-4', several && 'sm:grid-cols-2')}>
        {images.map((image) => (
          <div key={image.index} className="flex flex-col gap-2">
            <GenerationResultImage
              image={image}
              prompt={prompt}
              aspectRatio={aspectRatio}
              requestId={requestId}
              label={several ? `Image ${image.index + 1} of ${images.length}` : null}
              onSize={onImageSize && ((size) => onImageSize(image.index, size))}
            />
            {image.imageSrc && imageActions?.(image)}
          </div>
        ))}
      </div>
      <p role="status" className="text-center text-sm font-medium text-emerald-300">
        {message}
      </p>
      {showNudge && (
        <p className="rounded-xl border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-center text-sm text-amber-100">
          {upgradeNudgeText(balance)}
        </p>
      )}
      <div className="flex justify-center">
        <Button onClick={onGenerateAgain} className="max-sm:w-full">
          Generate Again
        </Button>
      </div>
    </div>
  );
}
