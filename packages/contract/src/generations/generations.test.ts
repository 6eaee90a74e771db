import { describe, expect, it } from 'vitest';
import { isBase64Image } from './base64-image';
import { createGenerationRequestSchema } from './create-generation';
import { getStatusDisplay } from './generation-status';
import { getProgressPhase, nextSimulatedProgress } from './simulated-progress';

describe('generation status display', () => {
  it('maps each status and anything else to Unknown', () => {
    expect(getStatusDisplay('queued')).toMatchObject({
      description: 'Waiting in queue',
      colour: 'yellow',
    });
    expect(getStatusDisplay('processing')).toMatchObject({
      description: 'Generating...',
      colour: 'blue',
    });
    expect(getStatusDisplay('completed').colour).toBe('green');
    expect(getStatusDisplay('failed').colour).toBe('red');
    expect(getStatusDisplay('paused').label).toBe('Unknown');
  });
});

describe('generate request', () => {
  it('trims the prompt and defaults the source prompt and every option', () => {
    expect(createGenerationRequestSchema.parse({ content_prompt: '  a moonlit owl  ' })).toEqual({
      source_prompt: '',
      content_prompt: 'a moonlit owl',
      negative_prompt: '',
      aspect_ratio: '1:1',
      image_count: 1,
      quality: 'balanced',
      style: null,
    });
  });

  it('takes every option within its bounds and refuses the rest', () => {
    const base = { content_prompt: 'owl' };
    const valid = createGenerationRequestSchema.parse({
      ...base,
      negative_prompt: '  blurry ',
      seed: 4_294_967_295,
      aspect_ratio: '16:9',
      image_count: 4,
      quality: 'best',
      style: 'neon_noir',
    });
    expect(valid).toMatchObject({ negative_prompt: 'blurry', seed: 4_294_967_295, image_count: 4 });
    for (const bad of [
      { seed: -1 },
      { seed: 4_294_967_296 },
      { seed: 1.5 },
      { image_count: 0 },
      { image_count: 5 },
      { aspect_ratio: '5:4' },
      { quality: 'ultra' },
      { style: 'vaporwave' },
      { negative_prompt: 'x'.repeat(1001) },
    ]) {
      expect(
        createGenerationRequestSchema.safeParse({ ...base, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });

  it('refuses blank and over-long prompts', () => {
    expect(createGenerationRequestSchema.safeParse({ content_prompt: '   ' }).success).toBe(false);
    expect(
      createGenerationRequestSchema.safeParse({ content_prompt: 'x'.repeat(1001) }).success,
    ).toBe(false);
    expect(
      createGenerationRequestSchema.safeParse({ content_prompt: 'x'.repeat(1000) }).success,
    ).toBe(true);
  });
});

describe('base64 image rule (spec §5)', () => {
  it.each([
    ['data:image/png;base64,iVBOR', true],
    ['iVBORw0KGgo=', true],
    ['abc==', true],
    ['abc===', false],
    ['', false],
    ['not base64!', false],
  ])('%s → %s', (value, valid) => {
    expect(isBase64Image(value)).toBe(valid);
  });
});

describe('simulated progress (spec §4)', () => {
  it('walks the phases by their bounds', () => {
    expect([0, 24, 25, 49, 50, 84, 85, 90].map(getProgressPhase)).toEqual([
      'AGGREGATION',
      'AGGREGATION',
      'QUEUING',
      'QUEUING',
      'INFERENCE',
      'INFERENCE',
      'FINALIZATION',
      'FINALIZATION',
    ]);
  });

  it('adds 2 to 8 outside inference', () => {
    expect(nextSimulatedProgress(10, () => 0).progress).toBe(12);
    expect(nextSimulatedProgress(10, () => 0.999999).progress).toBeCloseTo(18, 3);
  });

  it('slows inference to 60% of the increment, at least 2', () => {
    expect(nextSimulatedProgress(60, () => 0).progress).toBe(62);
    expect(nextSimulatedProgress(60, () => 0.999999).progress).toBeCloseTo(64.8, 3);
  });

  it('never passes the cap of 90', () => {
    let progress = 0;
    for (let tick = 0; tick < 200; tick += 1) progress = nextSimulatedProgress(progress).progress;
    expect(progress).toBe(90);
  });
});
