import { QUALITY_LABELS, STYLE_PRESETS } from '@nocturne/contract/generations/generation-options';
import type { GenerationListItem } from '../api/generation-list-schema';
import { useModelNames } from '../api/get-models';
import { generationLorasText } from '../utils/lora-texts';

const OPTION_NAMES: Record<string, string> = {
  negative_prompt: 'negative prompt',
  seed: 'seed',
  aspect_ratio: 'aspect ratio',
  quality: 'quality',
};

/**
 * A history entry's model and options in one line (a batch's seeds run on from its first), and what its
 * image generator could not honour on any of its images.
 */
export function GenerationOptionsLine({
  images,
}: {
  images: [GenerationListItem, ...GenerationListItem[]];
}) {
  const modelName = useModelNames();
  const [first] = images;
  const count = first.image_count;
  const parts = [
    modelName(first.model),
    first.aspect_ratio,
    QUALITY_LABELS[first.quality],
    first.style ? STYLE_PRESETS[first.style].label : null,
    first.seed === null ? null : count > 1 ? `seeds from ${first.seed}` : `seed ${first.seed}`,
    count > 1 ? `${count} images` : null,
  ].filter((part): part is string => part !== null);
  const ignored = [...new Set(images.flatMap((image) => image.ignored_options))].map(
    (name) => OPTION_NAMES[name] ?? name,
  );
  const loras = generationLorasText(first.loras);
  return (
    <>
      <p className="mt-1 text-xs text-zinc-400" data-testid="generation-options">
        {parts.join(' · ')}
      </p>
      {loras && (
        <p className="mt-1 text-xs text-zinc-400" data-testid="generation-loras">
          LoRAs: {loras}
        </p>
      )}
      {ignored.length > 0 && (
        <p className="mt-1 text-xs text-amber-200">
          The image generator could not apply: {ignored.join(', ')}.
        </p>
      )}
    </>
  );
}
