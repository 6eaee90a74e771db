import { QUALITY_LABELS, STYLE_PRESETS } from '@nocturne/contract/generations/generation-options';
import type { GenerationListItem } from '../api/generation-list-schema';
import { useModelNames } from '../api/get-models';

const OPTION_NAMES: Record<string, string> = {
  negative_prompt: 'negative prompt',
  seed: 'seed',
  aspect_ratio: 'aspect ratio',
  quality: 'quality',
};

/** A history row's model and options in one line, and what its image generator could not honour. */
export function GenerationOptionsLine({ generation }: { generation: GenerationListItem }) {
  const modelName = useModelNames();
  const parts = [
    modelName(generation.model),
    generation.aspect_ratio,
    QUALITY_LABELS[generation.quality],
    generation.style ? STYLE_PRESETS[generation.style].label : null,
    generation.seed === null ? null : `seed ${generation.seed}`,
    generation.image_count > 1
      ? `image ${generation.image_index + 1} of ${generation.image_count}`
      : null,
  ].filter((part): part is string => part !== null);
  const ignored = generation.ignored_options.map((name) => OPTION_NAMES[name] ?? name);
  return (
    <>
      <p className="mt-1 text-xs text-zinc-400" data-testid="generation-options">
        {parts.join(' · ')}
      </p>
      {ignored.length > 0 && (
        <p className="mt-1 text-xs text-amber-200">
          The image generator could not apply: {ignored.join(', ')}.
        </p>
      )}
    </>
  );
}
