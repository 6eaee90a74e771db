import type { ModelPullState } from '@nocturne/contract/admin/models';
import type { PullProgress, PullStage } from '@nocturne/imagegen/models/pull-model';

/** A pull as it starts, before the Hub has listed the files. */
export function startingPullState(modelId: string, fileCount: number): ModelPullState {
  const now = new Date().toISOString();
  return {
    model_id: modelId,
    status: 'running',
    phase: 'download',
    file: null,
    file_index: 0,
    file_count: fileCount,
    bytes_done: 0,
    bytes_total: null,
    detail: 'Reading the file list',
    error: null,
    restart_needed: false,
    started_at: now,
    updated_at: now,
  };
}

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
    if (force || now() - publishedAt >= options.throttleMs) {
      publishedAt = now();
      options.publish(state);
    }
    return state;
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
    /** Marks the pull done; answers the final state, also handed to `publish`. */
    finish(result: { restartNeeded: boolean }): ModelPullState {
      return update(
        {
          status: 'done',
          detail: result.restartNeeded
            ? 'Installed; restart the server to serve it'
            : 'Installed and loaded',
          restart_needed: result.restartNeeded,
        },
        true,
      );
    },
    /** Marks the pull failed; answers the final state, also handed to `publish`. */
    fail(error: string): ModelPullState {
      return update({ status: 'failed', error, detail: 'The pull failed' }, true);
    },
  };
}
