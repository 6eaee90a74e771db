import type { ModelPullState } from '@nocturne/contract/admin/models';
import type { PullProgress, PullStage } from '@nocturne/imagegen/models/pull-model';

/**
 * Folds imagegen's pull callbacks into the console's pull state and publishes it: byte counts at
 * most once per `throttleMs` (a download reports every chunk), every phase change and the end at
 * once.
 */
export function createPullProgress(options: {
  initial: ModelPullState;
  throttleMs: number;
  publish: (state: ModelPullState) => void;
  now?: () => number;
}) {
  const now = options.now ?? (() => Date.now());
  let state = options.initial;
  let publishedAt = -Infinity;
  const update = (change: Partial<ModelPullState>, force: boolean) => {
    state = { ...state, ...change, updated_at: new Date().toISOString() };
    if (!force && now() - publishedAt < options.throttleMs) return;
    publishedAt = now();
    options.publish(state);
  };
  return {
    download(progress: PullProgress) {
      const fresh = state.phase !== 'download' || state.file !== progress.file;
      update(
        {
          phase: 'download',
          file: progress.file,
          file_index: progress.index,
          file_count: progress.count,
          bytes_done: progress.received,
          bytes_total: progress.total ?? null,
          detail: `Downloading ${progress.file}`,
        },
        fresh,
      );
    },
    phase(phase: PullStage | 'verify', detail: string) {
      update({ phase, detail }, true);
    },
    finish(result: { restartNeeded: boolean }) {
      update(
        {
          status: 'done',
          detail: result.restartNeeded
            ? 'Installed; restart the workers to serve it'
            : 'Installed and loaded',
          restart_needed: result.restartNeeded,
        },
        true,
      );
    },
    fail(error: string) {
      update({ status: 'failed', error, detail: 'The pull failed' }, true);
    },
  };
}
