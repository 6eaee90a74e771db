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
  it('keeps the prompt as sent and refuses one with nothing but spaces', async () => {
    expect((await resolveRequest({ prompt: ' a cat ' }, backend)).prompt).toBe(' a cat ');
    await expect(resolveRequest({ prompt: ' \n ' }, backend)).rejects.toThrow(/must not be empty/);
  });

  it('bounds the length by the number it is given, else by the generic default', async () => {
    await expect(resolveRequest({ prompt: 'x'.repeat(11) }, backend, 10)).rejects.toThrow(
      /at most 10/,
    );
    expect((await resolveRequest({ prompt: 'x'.repeat(10) }, backend, 10)).prompt).toHaveLength(10);
    const longest = 'x'.repeat(DEFAULT_MAX_PROMPT_LENGTH);
    expect((await resolveRequest({ prompt: longest }, backend)).prompt).toBe(longest);
    await expect(resolveRequest({ prompt: `${longest}x` }, backend)).rejects.toThrow(/at most/);
  });
});

describe('resolveRequest options', () => {
  const steps = async (b: ImageBackend, quality?: 'fast' | 'balanced' | 'best') =>
    (await resolveRequest({ prompt: 'x', quality }, b)).steps;

  it('maps quality to the backend steps, balanced by default', async () => {
    const all = (b: ImageBackend) =>
      Promise.all([steps(b, 'fast'), steps(b, 'balanced'), steps(b, 'best')]);
    expect(await all(backend)).toEqual([1, 2, 4]);
    expect(await all(gpu)).toEqual([8, 20, 30]);
    expect(await resolveRequest({ prompt: 'x' }, backend)).toMatchObject({
      steps: 2,
      quality: 'balanced',
    });
  });

  it('sizes by aspect ratio at the backend area and reports the ratio used', async () => {
    expect(await resolveRequest({ prompt: 'x', aspectRatio: '16:9' }, backend)).toMatchObject({
      width: 704,
      height: 384,
      aspectRatio: '16:9',
    });
    expect(await resolveRequest({ prompt: 'x', aspectRatio: '9:16' }, gpu)).toMatchObject({
      width: 768,
      height: 1344,
    });
    expect(await resolveRequest({ prompt: 'x' }, gpu)).toMatchObject({
      width: 1024,
      height: 1024,
      aspectRatio: '1:1',
    });
    expect((await resolveRequest({ prompt: 'x', width: 768, height: 512 }, gpu)).aspectRatio).toBe(
      '3:2',
    );
  });

  it('lets explicit width, height and steps win; one side alone follows the ratio', async () => {
    expect(
      await resolveRequest(
        { prompt: 'x', aspectRatio: '16:9', quality: 'best', width: 256, height: 256, steps: 3 },
        backend,
      ),
    ).toMatchObject({ width: 256, height: 256, steps: 3, aspectRatio: '16:9', quality: 'best' });
    expect(
      await resolveRequest({ prompt: 'x', aspectRatio: '16:9', width: 1024 }, backend),
    ).toMatchObject({ width: 1024, height: 576 });
    expect(
      await resolveRequest({ prompt: 'x', aspectRatio: '2:3', height: 768 }, backend),
    ).toMatchObject({ width: 512, height: 768 });
  });

  it('refuses an invalid ratio or quality as invalid_request', async () => {
    for (const aspectRatio of ['16x9', '0:9', 'wide']) {
      await expect(resolveRequest({ prompt: 'x', aspectRatio }, backend)).rejects.toThrow(
        expect.objectContaining({ kind: 'invalid_request' }),
      );
    }
    await expect(
      resolveRequest({ prompt: 'x', quality: 'ultra' as unknown as 'best' }, backend),
    ).rejects.toThrow(expect.objectContaining({ kind: 'invalid_request' }));
  });
});
