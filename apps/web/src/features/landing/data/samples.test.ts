import { describe, expect, it } from 'vitest';
import { createArtwork, seededRandom } from './artwork';
import { LANDING_SAMPLES, QUALITY_TAGS, pickLandingSamples } from './samples';

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

  it('paints the same artwork for the same prompt and another for another', () => {
    const [first, second] = LANDING_SAMPLES;
    expect(createArtwork(first!.prompt, first!.tag)).toEqual(createArtwork(first!.prompt, first!.tag));
    expect(createArtwork(first!.prompt, first!.tag)).not.toEqual(
      createArtwork(second!.prompt, second!.tag),
    );
  });
});
