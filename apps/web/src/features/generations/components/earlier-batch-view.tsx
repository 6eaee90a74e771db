import type { EarlierBatch } from '../hooks/use-earlier-batch';
import { imagePromptOf } from '../utils/image-prompt';

/** The batch a variation or upscale came from, beside it: each image with the prompt it got. */
export function EarlierBatchView({ batch }: { batch: EarlierBatch }) {
  const ratio = batch.aspectRatio.replace(':', ' / ');
  return (
    <section
      aria-label="The batch this came from"
      className="mt-4 border-t border-glass-border pt-4"
    >
      <h3 className="mb-2 text-sm font-medium text-zinc-300">The batch this came from</h3>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {batch.images.map(
          (image) =>
            image.imageSrc && (
              <li key={image.index}>
                <img
                  src={image.imageSrc}
                  alt={`Generated image ${image.index + 1}: ${imagePromptOf(batch.prompt, image.seed)}`}
                  style={{ aspectRatio: ratio }}
                  className="w-full rounded-xl border border-glass-border bg-night-800 object-cover"
                />
              </li>
            ),
        )}
      </ul>
    </section>
  );
}
