import type ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { createPromptEncodings } from './prompt-encodings';

/** A stand-in encoder that counts its runs and answers a tensor naming the prompt. */
function countingEncoder(fail?: (tokenIds: Int32Array) => boolean) {
  const runs: string[] = [];
  const encode = async (tokenIds: Int32Array) => {
    runs.push(tokenIds.join(','));
    if (fail?.(tokenIds)) throw new Error('the encoder failed');
    return { prompt: tokenIds.join(',') } as unknown as ort.Tensor;
  };
  return { runs, encode };
}

const prompt = (...ids: number[]) => Int32Array.from(ids);

describe('createPromptEncodings', () => {
  it('encodes a prompt once, and another prompt anew', async () => {
    const encoder = countingEncoder();
    const encodePrompt = createPromptEncodings(encoder.encode);
    const first = await encodePrompt(prompt(1, 2));
    expect(await encodePrompt(prompt(1, 2))).toBe(first);
    await encodePrompt(prompt(1, 3));
    expect(encoder.runs).toEqual(['1,2', '1,3']);
  });

  it('shares an encoding still running with the images that ask meanwhile', async () => {
    const encoder = countingEncoder();
    const encodePrompt = createPromptEncodings(encoder.encode);
    const [one, two] = await Promise.all([encodePrompt(prompt(7)), encodePrompt(prompt(7))]);
    expect(one).toBe(two);
    expect(encoder.runs).toEqual(['7']);
  });

  it('forgets the least recently used prompt beyond its size', async () => {
    const encoder = countingEncoder();
    const encodePrompt = createPromptEncodings(encoder.encode, 2);
    await encodePrompt(prompt(1));
    await encodePrompt(prompt(2));
    await encodePrompt(prompt(1));
    await encodePrompt(prompt(3));
    // 2 was the least recently used: it goes, 1 and 3 stay.
    await encodePrompt(prompt(1));
    await encodePrompt(prompt(3));
    await encodePrompt(prompt(2));
    expect(encoder.runs).toEqual(['1', '2', '3', '2']);
  });

  it('forgets a failed encoding, so the next image tries again', async () => {
    let failing = true;
    const encoder = countingEncoder(() => failing);
    const encodePrompt = createPromptEncodings(encoder.encode);
    await expect(encodePrompt(prompt(5))).rejects.toThrow('the encoder failed');
    failing = false;
    await expect(encodePrompt(prompt(5))).resolves.toEqual({ prompt: '5' });
    expect(encoder.runs).toEqual(['5', '5']);
  });
});
