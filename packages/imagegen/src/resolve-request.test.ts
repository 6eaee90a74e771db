import { describe, expect, it } from 'vitest';
import { SAMPLER_QUALITY_STEPS, TURBO_QUALITY_STEPS } from './quality-steps';
import { DEFAULT_MAX_PROMPT_LENGTH, resolveRequest } from './resolve-request';
import type { ImageBackend } from './types';

const backend = {
  defaults: { width: 512, height: 512 },
  qualitySteps: TURBO_QUALITY_STEPS,
} as unknown as ImageBackend;
const gpu = {
  defaults: { width: 1024, height: 1024 },
  qualitySteps: SAMPLER_QUALITY_STEPS,
} as unknown as ImageBackend;

describe('resolveRequest prompt rules', () => {
  it('keeps the prompt as sent and refuses one with nothing but spaces', () => {
    expect(resolveRequest({ prompt: ' a cat ' }, backend).prompt).toBe(' a cat ');
    expect(() => resolveRequest({ prompt: ' \n ' }, backend)).toThrow(/must not be empty/);
  });

  it('bounds the length by the number it is given, else by the generic default', () => {
    expect(() => resolveRequest({ prompt: 'x'.repeat(11) }, backend, 10)).toThrow(/at most 10/);
    expect(resolveRequest({ prompt: 'x'.repeat(10) }, backend, 10).prompt).toHaveLength(10);
    const longest = 'x'.repeat(DEFAULT_MAX_PROMPT_LENGTH);
    expect(resolveRequest({ prompt: longest }, backend).prompt).toBe(longest);
    expect(() => resolveRequest({ prompt: `${longest}x` }, backend)).toThrow(/at most/);
  });
});

describe('resolveRequest options', () => {
  const steps = (b: ImageBackend, quality?: 'fast' | 'balanced' | 'best') =>
    resolveRequest({ prompt: 'x', quality }, b).steps;

  it('maps quality to the backend steps, balanced by default', () => {
    expect([steps(backend, 'fast'), steps(backend, 'balanced'), steps(backend, 'best')]).toEqual([
      1, 2, 4,
    ]);
    expect([steps(gpu, 'fast'), steps(gpu, 'balanced'), steps(gpu, 'best')]).toEqual([8, 20, 30]);
    expect(resolveRequest({ prompt: 'x' }, backend)).toMatchObject({
      steps: 2,
      quality: 'balanced',
    });
  });

  it('sizes by aspect ratio at the backend area and reports the ratio used', () => {
    expect(resolveRequest({ prompt: 'x', aspectRatio: '16:9' }, backend)).toMatchObject({
      width: 704,
      height: 384,
      aspectRatio: '16:9',
    });
    expect(resolveRequest({ prompt: 'x', aspectRatio: '9:16' }, gpu)).toMatchObject({
      width: 768,
      height: 1344,
    });
    expect(resolveRequest({ prompt: 'x' }, gpu)).toMatchObject({
      width: 1024,
      height: 1024,
      aspectRatio: '1:1',
    });
    expect(resolveRequest({ prompt: 'x', width: 768, height: 512 }, gpu).aspectRatio).toBe('3:2');
  });

  it('lets explicit width, height and steps win; one side alone follows the ratio', () => {
    expect(
      resolveRequest(
        { prompt: 'x', aspectRatio: '16:9', quality: 'best', width: 256, height: 256, steps: 3 },
        backend,
      ),
    ).toMatchObject({ width: 256, height: 256, steps: 3, aspectRatio: '16:9', quality: 'best' });
    expect(
      resolveRequest({ prompt: 'x', aspectRatio: '16:9', width: 1024 }, backend),
    ).toMatchObject({ width: 1024, height: 576 });
    expect(resolveRequest({ prompt: 'x', aspectRatio: '2:3', height: 768 }, backend)).toMatchObject(
      { width: 512, height: 768 },
    );
  });

  it('refuses an invalid ratio or quality as invalid_request', () => {
    for (const aspectRatio of ['16x9', '0:9', 'wide']) {
      expect(() => resolveRequest({ prompt: 'x', aspectRatio }, backend)).toThrow(
        expect.objectContaining({ kind: 'invalid_request' }),
      );
    }
    expect(() =>
      resolveRequest({ prompt: 'x', quality: 'ultra' as unknown as 'best' }, backend),
    ).toThrow(expect.objectContaining({ kind: 'invalid_request' }));
  });
});
