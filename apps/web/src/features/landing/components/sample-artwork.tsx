import type { ComponentType } from 'react';
import type { LandingSample, LandingSampleId } from '../data/samples';
import { BaroqueBallArt } from './artwork/baroque-ball';
import { ElvenSorceressArt } from './artwork/elven-sorceress';
import { FallingStarsArt } from './artwork/falling-stars';
import { JazzNoirArt } from './artwork/jazz-noir';
import { MidnightAlleyArt } from './artwork/midnight-alley';
import { MoonlitGardenArt } from './artwork/moonlit-garden';
import { NeonRooftopArt } from './artwork/neon-rooftop';
import { NouveauMuseArt } from './artwork/nouveau-muse';
import { SilkDreamArt } from './artwork/silk-dream';
import { VelvetPortraitArt } from './artwork/velvet-portrait';

/**
 * Each sample prompt has its own hand-drawn SVG scene: no image requests, a few hundred bytes each
 * after gzip, sharp at any size.
 */
const SAMPLE_ARTWORK: Record<LandingSampleId, ComponentType> = {
  'moonlit-garden': MoonlitGardenArt,
  'neon-rooftop': NeonRooftopArt,
  'velvet-portrait': VelvetPortraitArt,
  'midnight-alley': MidnightAlleyArt,
  'elven-sorceress': ElvenSorceressArt,
  'silk-dream': SilkDreamArt,
  'baroque-ball': BaroqueBallArt,
  'falling-stars': FallingStarsArt,
  'jazz-noir': JazzNoirArt,
  'nouveau-muse': NouveauMuseArt,
};

export function SampleArtwork({ sample }: { sample: LandingSample }) {
  const Art = SAMPLE_ARTWORK[sample.id];
  return <Art />;
}
