import type { AspectRatio } from '@nocturne/contract/generations/generation-options';
import { PROMPT_PREVIEW_CHARS } from '@nocturne/contract/constants';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../lib/download-file';
import type { FinishedImage, ImageSize } from '../types';
import { GENERATION_MESSAGES } from '../flow/generation-flow-state';
import { generatedImageFileName } from '../utils/download-image';
import { imagePromptOf } from '../utils/image-prompt';
import { truncate } from '../utils/truncate';
import { CopySeedButton } from './copy-seed-button';
import { SaveFavoriteButton } from './save-favorite-button';

/**
 * One image of the completion step with its own Download and Save, or why it failed; the prompt
 * it got under it when the submit's choices gave each image its own.
 */
export function GenerationResultImage({
  image,
  prompt,
  aspectRatio,
  requestId,
  label,
  onSize,
}: {
  image: FinishedImage;
  prompt: string;
  aspectRatio: AspectRatio;
  requestId: string | null;
  /** 'Image 2 of 4' when the submit made several. */
  label: string | null;
  /** Told the picture's pixel size once it has loaded. */
  onSize?: (size: ImageSize) => void;
}) {
  const ratio = aspectRatio.replace(':', ' / ');
  // Each image is shown with, and described by, the prompt it got (its choices expanded).
  const imagePrompt = imagePromptOf(prompt, image.seed);
  const ownPrompt = imagePrompt !== prompt;
  // Saving names the image by its own id; image 0 may also be named by the request id (spec §4).
  const saveId = image.generationId ?? (image.index === 0 ? requestId : null);
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {image.imageSrc ? (
        <img
          src={image.imageSrc}
          onLoad={(event) =>
            onSize?.({
              width: event.currentTarget.naturalWidth,
              height: event.currentTarget.naturalHeight,
            })
          }
          alt={`Generated image${label ? ` ${image.index + 1}` : ''}: ${truncate(imagePrompt, PROMPT_PREVIEW_CHARS)}`}
          style={{ aspectRatio: ratio }}
          className="mx-auto max-h-[60vh] w-full max-w-md rounded-2xl border border-glass-border bg-night-800 object-contain"
        />
      ) : (
        <div
          style={{ aspectRatio: ratio }}
          className="mx-auto flex max-h-[60vh] w-full max-w-md items-center justify-center rounded-2xl border border-dashed border-rose-400/40 bg-rose-500/5 p-4 text-center text-sm text-rose-200"
        >
          {image.error ?? GENERATION_MESSAGES.failed}
        </div>
      )}
      <figcaption className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
        {label && <span className="text-xs text-zinc-400">{label}</span>}
        {image.imageSrc && image.seed !== null && <CopySeedButton seed={image.seed} />}
        {ownPrompt && (
          <span
            data-testid="image-prompt"
            className="w-full text-center text-xs break-words text-zinc-300"
          >
            {imagePrompt}
          </span>
        )}
      </figcaption>
      {image.imageSrc && (
        <div className="flex flex-wrap justify-center gap-2 max-sm:[&>button]:flex-1">
          <Button
            variant="glass"
            aria-label={label ? `Download ${label.toLowerCase()}` : undefined}
            onClick={() => void downloadFile(image.imageSrc ?? '', generatedImageFileName())}
          >
            Download
          </Button>
          <SaveFavoriteButton requestId={saveId} imageSrc={image.imageSrc} />
        </div>
      )}
    </figure>
  );
}
