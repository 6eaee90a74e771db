import { LANDING_GALLERY_SIZE } from '@nocturne/contract/constants';

export const QUALITY_TAGS = [
  'Anime Style',
  'Portrait',
  'Urban',
  'Traditional',
  'Character',
  'Artistic',
] as const;
export type QualityTag = (typeof QUALITY_TAGS)[number];

export type LandingSampleId =
  | 'moonlit-garden'
  | 'neon-rooftop'
  | 'velvet-portrait'
  | 'midnight-alley'
  | 'elven-sorceress'
  | 'silk-dream'
  | 'baroque-ball'
  | 'falling-stars'
  | 'jazz-noir'
  | 'nouveau-muse';

export interface LandingSample {
  id: LandingSampleId;
  prompt: string;
  tag: QualityTag;
}

/** The 10 sample prompts of the landing gallery (spec §2, §9). Safe for work by design. */
export const LANDING_SAMPLES: readonly LandingSample[] = [
  {
    id: 'moonlit-garden',
    prompt: 'A geisha in a moonlit garden, cherry blossoms drifting, ukiyo-e colours',
    tag: 'Traditional',
  },
  {
    id: 'neon-rooftop',
    prompt: 'Anime heroine on a neon rooftop at dusk, wind in her hair, city lights below',
    tag: 'Anime Style',
  },
  {
    id: 'velvet-portrait',
    prompt: 'Portrait of a woman in velvet shadows, candlelight on her face, oil painting',
    tag: 'Portrait',
  },
  {
    id: 'midnight-alley',
    prompt: 'Rain-soaked Tokyo alley at midnight, reflections of pink and violet neon',
    tag: 'Urban',
  },
  {
    id: 'elven-sorceress',
    prompt: 'Elven sorceress in a silver gown, glowing runes, detailed fantasy character art',
    tag: 'Character',
  },
  {
    id: 'silk-dream',
    prompt: 'Abstract dreamscape of flowing silk and violet smoke, soft volumetric light',
    tag: 'Artistic',
  },
  {
    id: 'baroque-ball',
    prompt: 'Vampire aristocrat at a candlelit masquerade ball, baroque gold details',
    tag: 'Character',
  },
  {
    id: 'falling-stars',
    prompt: 'Magical girl under a sky of falling stars, cel-shaded, pastel glow',
    tag: 'Anime Style',
  },
  {
    id: 'jazz-noir',
    prompt: 'Jazz singer in a 1940s club, film noir lighting, dramatic rim light',
    tag: 'Portrait',
  },
  {
    id: 'nouveau-muse',
    prompt: 'Art nouveau muse framed by golden lilies, ornate Mucha-inspired poster',
    tag: 'Artistic',
  },
];

/** A random selection of `count` distinct samples (Fisher-Yates on a copy). */
export function pickLandingSamples(
  count: number = LANDING_GALLERY_SIZE,
  random: () => number = Math.random,
  samples: readonly LandingSample[] = LANDING_SAMPLES,
): LandingSample[] {
  const pool = [...samples];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as LandingSample, pool[i] as LandingSample];
  }
  return pool.slice(0, Math.min(count, pool.length));
}
