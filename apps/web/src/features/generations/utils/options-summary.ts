import {
  QUALITY_LABELS,
  STYLE_PRESETS,
  type AspectRatio,
  type Quality,
  type StyleId,
} from '@nocturne/contract/generations/generation-options';

/** 'SD-Turbo · 16:9 · 2 images · Best · Anime · seed 42': the options in one short line. */
export function optionsSummary(
  values: {
    aspect_ratio: AspectRatio;
    image_count?: number;
    quality: Quality;
    style: StyleId | null;
    /** Absent: no seed part (a preset keeps no seed). */
    seed?: number | null;
  },
  modelName?: string,
): string {
  const count = values.image_count ?? 1;
  return [
    ...(modelName ? [modelName] : []),
    values.aspect_ratio,
    `${count} ${count === 1 ? 'image' : 'images'}`,
    QUALITY_LABELS[values.quality],
    values.style ? STYLE_PRESETS[values.style].label : 'No style',
    ...(values.seed === undefined
      ? []
      : [values.seed === null ? 'random seed' : `seed ${values.seed}`]),
  ].join(' · ');
}
