import {
  ASPECT_RATIOS,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  QUALITIES,
  QUALITY_LABELS,
  STYLE_IDS,
  STYLE_PRESETS,
  type AspectRatio,
  type Quality,
  type StyleId,
} from '@nocturne/contract/generations/generation-options';
import type { GenerationDefaults } from '@nocturne/contract/users/preferences';
import { Select } from '../../../components/ui/select';

const NO_STYLE = '';
const RATIO_OPTIONS = ASPECT_RATIOS.map((ratio) => ({ value: ratio, label: ratio }));
const COUNT_OPTIONS = Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, i) => {
  const count = IMAGE_COUNT_MIN + i;
  return { value: String(count), label: count === 1 ? '1 image' : `${count} images` };
});
const QUALITY_OPTIONS = QUALITIES.map((quality) => ({
  value: quality,
  label: QUALITY_LABELS[quality],
}));
const STYLE_OPTIONS = [
  { value: NO_STYLE, label: 'None' },
  ...STYLE_IDS.map((id) => ({ value: id, label: STYLE_PRESETS[id].label })),
];

/** What the generation modal's options start at; each change saves at once. */
export function GenerationDefaultsFields({
  defaults,
  disabled,
  onChange,
}: {
  defaults: GenerationDefaults;
  disabled: boolean;
  onChange: (change: Partial<GenerationDefaults>) => void;
}) {
  return (
    <fieldset className="mt-5 grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-3 text-sm font-semibold text-white">New images start with</legend>
      <Select
        label="Aspect ratio"
        options={RATIO_OPTIONS}
        value={defaults.aspect_ratio}
        onChange={(event) => onChange({ aspect_ratio: event.target.value as AspectRatio })}
      />
      <Select
        label="Images per generation"
        options={COUNT_OPTIONS}
        value={String(defaults.image_count)}
        onChange={(event) => onChange({ image_count: Number(event.target.value) })}
      />
      <Select
        label="Quality"
        options={QUALITY_OPTIONS}
        value={defaults.quality}
        onChange={(event) => onChange({ quality: event.target.value as Quality })}
      />
      <Select
        label="Style"
        options={STYLE_OPTIONS}
        value={defaults.style ?? NO_STYLE}
        onChange={(event) => onChange({ style: (event.target.value || null) as StyleId | null })}
      />
    </fieldset>
  );
}
