import { describe, expect, it } from 'vitest';
import { poolLatents, previewPoolFactor, PreviewBudget } from './preview-frames';

/** The frames a budget lets through for steps of `stepMs` each and frames of `frameMs`. */
function framesAllowed(share: number, stepMs: number, frameMs: number, steps: number): number[] {
  let now = 0;
  const budget = new PreviewBudget(share, () => frameMs, 0);
  const frames: number[] = [];
  for (let step = 1; step < steps; step++) {
    now += stepMs;
    if (!budget.allows(now)) continue;
    frames.push(step);
    budget.spend(frameMs);
    now += frameMs;
  }
  return frames;
}

describe('live-preview frames', () => {
  it('sends every frame when a frame costs little beside a step (an SD-Turbo-shaped image)', () => {
    // Steps of 15 s, a 256-px frame of 0.4 s: 3 frames, 1.2 s of about 61 s.
    expect(framesAllowed(0.05, 15_000, 400, 4)).toEqual([1, 2, 3]);
  });

  it('sends none when a frame costs more than the steps (the preview model)', () => {
    expect(framesAllowed(0.05, 2.4, 13, 4)).toEqual([]);
  });

  it('skips frames until the frames fit the share again', () => {
    // Steps of 100 ms, frames of 20 ms: a frame fits once 400 ms of image stand behind it.
    expect(framesAllowed(0.05, 100, 20, 12)).toEqual([4, 8]);
  });

  it('lets the operator choose: a share of 1 sends every frame, 0 none', () => {
    expect(framesAllowed(1, 2.4, 13, 4)).toEqual([1, 2, 3]);
    expect(framesAllowed(0, 15_000, 1, 4)).toEqual([]);
  });

  it('pools latents to the preview size by averaging whole boxes', () => {
    expect(previewPoolFactor(512, 512)).toBe(2);
    expect(previewPoolFactor(1024, 576)).toBe(4);
    expect(previewPoolFactor(256, 256)).toBe(1);
    // Two channels of 2×4 latents, pooled by 2: each box's mean.
    const latents = Float32Array.from([1, 3, 5, 7, 1, 3, 5, 7, 0, 0, 8, 8, 2, 2, 8, 8]);
    const pooled = poolLatents(latents, [1, 2, 2, 4], 2);
    expect(pooled.dims).toEqual([1, 2, 1, 2]);
    expect([...pooled.latents]).toEqual([2, 6, 1, 8]);
  });
});
