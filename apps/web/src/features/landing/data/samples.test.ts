import { describe, expect, it } from 'vitest';
import { LANDING_SAMPLES, QUALITY_TAGS, pickLandingSamples } from './samples';

/** Deterministic randomness for the draws (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('landing samples', () => {
  it('has 10 prompts covering every quality tag', () => {
    expect(LANDING_SAMPLES).toHaveLength(10);
    expect(new Set(LANDING_SAMPLES.map((s) => s.tag))).toEqual(new Set(QUALITY_TAGS));
  });

  it('picks 8 distinct samples', () => {
    const picked = pickLandingSamples(undefined, seededRandom(42));
    expect(picked).toHaveLength(8);
    expect(new Set(picked.map((s) => s.id)).size).toBe(8);
  });

  it('draws different selections for different randomness', () => {
    const a = pickLandingSamples(8, seededRandom(1)).map((s) => s.id);
    const b = pickLandingSamples(8, seededRandom(2)).map((s) => s.id);
    expect(a).not.toEqual(b);
  });
});
