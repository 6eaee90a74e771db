import type { GenerationPreview } from '@nocturne/imagegen/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLivePreviewSender } from './live-preview-sender';

const preview = (step: number): GenerationPreview => ({
  step,
  steps: 100,
  image: { data: new Uint8Array(3), width: 1, height: 1 },
});

/** A sender whose encodings finish when the test says, with the steps it sent. */
function harness(encodeMs: number) {
  const sent: number[] = [];
  const errors: unknown[] = [];
  const sender = createLivePreviewSender({
    encode: (p) =>
      new Promise((resolve, reject) =>
        setTimeout(
          () => (p.step < 0 ? reject(new Error('bad')) : resolve(`webp${p.step}`)),
          encodeMs,
        ),
      ),
    send: (p, image) => {
      expect(image).toBe(`webp${p.step}`);
      sent.push(p.step);
    },
    onError: (error) => errors.push(error),
    intervalMs: 250,
  });
  return { sender, sent, errors };
}

describe('live preview throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends at most one preview per 250 ms, dropping those in between', async () => {
    const { sender, sent } = harness(5);
    // A step every 50 ms for 1 s: 20 offered.
    for (let step = 1; step <= 20; step++) {
      sender.offer(preview(step));
      await vi.advanceTimersByTimeAsync(50);
    }
    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toEqual([1, 6, 11, 16]);
  });

  it('drops a preview offered while another is encoding, even after the interval', async () => {
    const { sender, sent } = harness(400);
    sender.offer(preview(1));
    await vi.advanceTimersByTimeAsync(300);
    sender.offer(preview(2));
    await vi.advanceTimersByTimeAsync(150);
    expect(sent).toEqual([1]);
    sender.offer(preview(3));
    await vi.advanceTimersByTimeAsync(400);
    expect(sent).toEqual([1, 3]);
  });

  it('sends nothing after close, an encoding under way included', async () => {
    const { sender, sent } = harness(100);
    sender.offer(preview(1));
    await vi.advanceTimersByTimeAsync(50);
    sender.close();
    await vi.advanceTimersByTimeAsync(500);
    sender.offer(preview(2));
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([]);
  });

  it('reports a failed encoding and goes on with the next preview', async () => {
    const { sender, sent, errors } = harness(5);
    sender.offer(preview(-1));
    await vi.advanceTimersByTimeAsync(300);
    sender.offer(preview(2));
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toHaveLength(1);
    expect(sent).toEqual([2]);
  });
});
