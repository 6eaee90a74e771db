import type { ModelPullState } from '@nocturne/contract/admin/models';
import { describe, expect, it } from 'vitest';
import { createPullProgress } from './pull-progress';

const initial: ModelPullState = {
  model_id: 'tiny',
  status: 'running',
  phase: 'download',
  file: null,
  file_index: 0,
  file_count: 2,
  bytes_done: 0,
  bytes_total: null,
  detail: '',
  error: null,
  restart_needed: false,
  started_at: '2026-11-26T01:00:00.000Z',
  updated_at: '2026-11-26T01:00:00.000Z',
};

describe('pull progress for the admin:models channel', () => {
  it('sends byte counts at most once per interval, a new file, phases and the end at once', () => {
    let now = 0;
    const sent: ModelPullState[] = [];
    const progress = createPullProgress({
      initial,
      throttleMs: 250,
      publish: (state) => sent.push(state),
      now: () => now,
    });
    const chunk = (file: string, received: number) =>
      progress.download({ file, index: file === 'a' ? 0 : 1, count: 2, received, total: 1000 });
    chunk('a', 100);
    now = 100;
    chunk('a', 200);
    now = 300;
    chunk('a', 300);
    now = 310;
    chunk('b', 10);
    progress.phase('verify', 'b: 1000 bytes, checked');
    progress.finish({ restartNeeded: true });
    expect(sent.map((s) => [s.phase, s.file, s.bytes_done, s.status])).toEqual([
      ['download', 'a', 100, 'running'],
      ['download', 'a', 300, 'running'],
      ['download', 'b', 10, 'running'],
      ['verify', 'b', 10, 'running'],
      ['verify', 'b', 10, 'done'],
    ]);
    expect(sent.at(-1)).toMatchObject({ restart_needed: true, bytes_total: 1000, file_index: 1 });
  });

  it('a failure carries the error text', () => {
    const sent: ModelPullState[] = [];
    const progress = createPullProgress({ initial, throttleMs: 250, publish: (s) => sent.push(s) });
    progress.fail('Checksum mismatch for unet/model.onnx');
    expect(sent).toEqual([
      expect.objectContaining({ status: 'failed', error: 'Checksum mismatch for unet/model.onnx' }),
    ]);
  });
});
