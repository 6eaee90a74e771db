import type { QualityTag } from './samples';

/** Deterministic 32-bit hash of a string (FNV-1a): the same prompt always paints the same art. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded PRNG. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hue families per quality tag, so each style reads differently at a glance. */
const PALETTES: Record<QualityTag, readonly number[]> = {
  'Anime Style': [320, 280, 200],
  Portrait: [20, 340, 270],
  Urban: [300, 250, 190],
  Traditional: [350, 10, 40],
  Character: [260, 200, 160],
  Artistic: [45, 275, 230],
};

export interface Orb {
  cx: number;
  cy: number;
  r: number;
  color: string;
}

export interface Wave {
  d: string;
  opacity: number;
}

export interface Artwork {
  background: [string, string];
  orbs: Orb[];
  waves: Wave[];
  moon: { cx: number; cy: number; r: number };
}

/** A seeded abstract composition on a 400×500 canvas: gradient sky, glowing orbs, silk waves. */
export function createArtwork(prompt: string, tag: QualityTag): Artwork {
  const random = seededRandom(hashString(prompt));
  const hues = PALETTES[tag];
  const hue = (i: number) => ((hues[i % hues.length] as number) + Math.round(random() * 24 - 12)) % 360;

  const background: [string, string] = [`hsl(${hue(0)} 45% 14%)`, `hsl(${hue(2)} 55% 6%)`];
  const orbs = Array.from({ length: 5 }, (_, i) => ({
    cx: Math.round(40 + random() * 320),
    cy: Math.round(40 + random() * 420),
    r: Math.round(70 + random() * 120),
    color: `hsl(${hue(i)} ${70 + Math.round(random() * 20)}% ${50 + Math.round(random() * 15)}%)`,
  }));
  const waves = Array.from({ length: 6 }, (_, i) => {
    const baseY = 280 + i * 28 + random() * 20;
    const amp = 18 + random() * 40;
    const shift = random() * 200;
    return {
      d: `M -20 ${baseY.toFixed(1)} C ${(100 + shift / 4).toFixed(1)} ${(baseY - amp).toFixed(1)}, ${(260 - shift / 4).toFixed(1)} ${(baseY + amp).toFixed(1)}, 420 ${(baseY - amp / 2).toFixed(1)}`,
      opacity: 0.08 + random() * 0.18,
    };
  });
  const moon = {
    cx: Math.round(90 + random() * 220),
    cy: Math.round(70 + random() * 110),
    r: Math.round(26 + random() * 22),
  };
  return { background, orbs, waves, moon };
}
