import { describe, expect, it } from 'vitest';
import { formatDuration, formatProgress } from './progress-bar';

const MB = 1_048_576;

describe('formatProgress', () => {
  it('shows the bar, the speed of this transfer and the time left', () => {
    const line = formatProgress({
      label: 'unet/model.onnx',
      received: 300 * MB,
      total: 1000 * MB,
      startReceived: 100 * MB, // resumed: only 200 MB came in during these 10 s
      elapsedMs: 10_000,
    });
    expect(line).toContain('unet/model.onnx [#########---------------------]  30%');
    expect(line).toContain('300.0 MB / 1000.0 MB 20.0 MB/s 0:35 left');
  });

  it('says nothing about time left when done or when the size is unknown', () => {
    const done = { label: 'f', received: MB, total: MB, startReceived: 0, elapsedMs: 1000 };
    expect(formatProgress(done)).not.toContain('left');
    expect(formatProgress({ ...done, total: undefined })).toContain('[size unknown]');
  });

  it('formats durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3700)).toBe('1:01:40');
  });
});
