import type { ModelPullState } from '@nocturne/contract/admin/models';
import { channels } from '@nocturne/contract/realtime/channels';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { ModelManifest } from '@nocturne/imagegen/models/manifest';
import { pullModel } from '@nocturne/imagegen/models/pull-model';
import type { UnitOfWork } from '../../../db/create-unit-of-work';
import { AppError } from '../../../lib/app-error';
import type { Logger } from '../../../lib/create-logger';
import type { AppModels } from '../../models/app-models';
import { recordAdminAction } from '../record-admin-action';
import type { RequestOperator } from '../require-operator';
import { createPullProgress } from './pull-progress';

/** The console's pulls in this process: one at a time per model, its state kept after it ends. */
export interface ModelPulls {
  /** The model's latest pull here (running, done or failed), or null. */
  state(modelId: string): ModelPullState | null;
  /** Audits the pull and starts it in the background; MODEL_PULL_RUNNING while one runs. */
  start(
    entry: CatalogEntry,
    manifest: ModelManifest,
    operator: RequestOperator,
  ): Promise<ModelPullState>;
  /** Aborts the running pulls (the app is closing); their downloads stay for a resume. */
  close(): Promise<void>;
}

/**
 * Runs imagegen's pull (what `npm run models -- pull` runs) inside the server: progress goes to
 * the operators' `admin:models` channel, and a finished pull reopens the model's engine so the
 * embedded worker serves the new files without a restart.
 */
export function createModelPulls(options: {
  models: AppModels;
  unitOfWork: UnitOfWork;
  hubUrl: string | undefined;
  logger: Logger;
  throttleMs?: number;
}): ModelPulls {
  const { models, unitOfWork, logger } = options;
  const states = new Map<string, ModelPullState>();
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();

  async function run(entry: CatalogEntry, manifest: ModelManifest, signal: AbortSignal) {
    const progress = createPullProgress({
      initial: states.get(entry.id)!,
      throttleMs: options.throttleMs ?? 250,
      publish: (state) => {
        states.set(entry.id, state);
        unitOfWork.publish({
          channel: channels.admin('models'),
          event: 'pull_progress',
          payload: state,
        });
      },
    });
    try {
      await pullModel({
        modelsDir: models.modelsDir,
        manifest,
        signal,
        hubUrl: options.hubUrl,
        onProgress: progress.download,
        onFileDone: (file) => progress.phase('verify', `${file.path}: ${file.size} bytes, checked`),
        onStage: (stage, detail) => progress.phase(stage, detail),
      });
      const reloaded = await models.reloadEngine(entry.id);
      progress.finish({ restartNeeded: !reloaded });
    } catch (error) {
      logger.warn({ err: error, model: entry.id }, 'console model pull failed');
      progress.fail(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    state: (modelId) => states.get(modelId) ?? null,
    async start(entry, manifest, operator) {
      if (running.has(entry.id)) throw new AppError('MODEL_PULL_RUNNING');
      const abort = new AbortController();
      // Claimed before the first await, so a second click cannot start a second pull.
      running.set(entry.id, { abort, done: Promise.resolve() });
      try {
        await unitOfWork.transaction((tx) =>
          recordAdminAction(tx, {
            operator,
            action: 'model_pull',
            targetUserId: null,
            reason: null,
            before: { model: entry.id, previous: states.get(entry.id)?.status ?? null },
            after: { model: entry.id, weights: manifest.name },
          }),
        );
      } catch (error) {
        running.delete(entry.id);
        throw error;
      }
      const now = new Date().toISOString();
      states.set(entry.id, {
        model_id: entry.id,
        status: 'running',
        phase: 'download',
        file: null,
        file_index: 0,
        file_count: manifest.files.length,
        bytes_done: 0,
        bytes_total: null,
        detail: 'Reading the file list',
        error: null,
        restart_needed: false,
        started_at: now,
        updated_at: now,
      });
      const done = run(entry, manifest, abort.signal).finally(() => running.delete(entry.id));
      running.set(entry.id, { abort, done });
      return states.get(entry.id)!;
    },
    async close() {
      const all = [...running.values()];
      all.forEach((pull) => pull.abort.abort());
      await Promise.all(all.map((pull) => pull.done));
    },
  };
}
