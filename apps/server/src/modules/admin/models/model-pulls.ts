import type { ModelPullState } from '@nocturne/contract/admin/models';
import { channels } from '@nocturne/contract/realtime/channels';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { ModelManifest } from '@nocturne/imagegen/models/manifest';
import { pullModel } from '@nocturne/imagegen/models/pull-model';
import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../../db/create-unit-of-work';
import type { DbHandle } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Logger } from '../../../lib/create-logger';
import type { AppModels } from '../../models/app-models';
import { notifyModelPulled } from '../../models/model-pulled';
import { recordAdminAction } from '../record-admin-action';
import type { RequestOperator } from '../require-operator';
import { createPullProgress, startingPullState } from './pull-progress';
import { claimPull, PULL_HEARTBEAT_MS, readPulls, writePull } from './pull-records';

/** The console's pulls: one at a time per model across API processes, the latest kept after it ends. */
export interface ModelPulls {
  /** Each model's latest pull (running, done or failed), from whichever process ran it. */
  states(db: DbHandle): Promise<Map<string, ModelPullState>>;
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
 * Runs imagegen's pull (what `npm run models -- pull` runs) inside the API process asked: its
 * progress goes to the `model_pulls` row every API process reads and to the operators'
 * `admin:models` channel. A finished pull reopens this process's engine of the model and tells
 * the other processes to reopen theirs (MODEL_PULLED_CHANNEL).
 */
export function createModelPulls(options: {
  models: AppModels;
  unitOfWork: UnitOfWork;
  hubUrl: string | undefined;
  logger: Logger;
  throttleMs?: number;
}): ModelPulls {
  const { models, unitOfWork, logger } = options;
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();

  async function run(
    entry: CatalogEntry,
    manifest: ModelManifest,
    pull: { id: string; initial: ModelPullState; signal: AbortSignal },
  ) {
    const event = (state: ModelPullState) =>
      ({ channel: channels.admin('models'), event: 'pull_progress', payload: state }) as const;
    // One write at a time, in order, each published once stored: a late progress write cannot
    // land after the final state, and GET never answers older than the last event.
    let latest = pull.initial;
    let writes = Promise.resolve();
    const record = (state: ModelPullState, publish: boolean) => {
      latest = state;
      writes = writes
        .then(() =>
          unitOfWork.statement(async (db, events) => {
            await writePull(db, pull.id, state);
            if (publish) events.add(event(state));
          }),
        )
        .catch((error: unknown) =>
          logger.warn({ err: error, model: entry.id }, 'recording the pull progress failed'),
        );
    };
    const heartbeat = setInterval(() => record(latest, false), PULL_HEARTBEAT_MS);
    const progress = createPullProgress({
      initial: pull.initial,
      throttleMs: options.throttleMs ?? 250,
      publish: (state) => {
        if (state.status === 'running') record(state, true);
      },
    });
    let final: ModelPullState;
    let pulled = false;
    try {
      await pullModel({
        modelsDir: models.modelsDir,
        manifest,
        signal: pull.signal,
        hubUrl: options.hubUrl,
        onProgress: progress.download,
        onFileDone: (file) => progress.phase('verify', `${file.path}: ${file.size} bytes, checked`),
        onStage: (stage, detail) => progress.phase(stage, detail),
      });
      const reloaded = await models.reloadEngine(entry.id);
      final = progress.finish({ restartNeeded: !reloaded });
      pulled = true;
    } catch (error) {
      logger.warn({ err: error, model: entry.id }, 'console model pull failed');
      final = progress.fail(error instanceof Error ? error.message : String(error));
    } finally {
      clearInterval(heartbeat);
    }
    await writes;
    // The other processes reopen their engines of the model on the notice sent with the result.
    await unitOfWork
      .transaction(async (tx, events) => {
        await writePull(tx, pull.id, final);
        if (pulled) await notifyModelPulled(tx, { model: entry.id, origin: models.origin });
        events.add(event(final));
      })
      .catch((error: unknown) =>
        logger.warn({ err: error, model: entry.id }, 'recording the end of the pull failed'),
      );
  }

  return {
    states: readPulls,
    async start(entry, manifest, operator) {
      const id = randomUUID();
      const initial = startingPullState(entry.id, manifest.files.length);
      await unitOfWork.transaction(async (tx) => {
        const previous = (await readPulls(tx)).get(entry.id);
        if (!(await claimPull(tx, id, initial))) throw new AppError('MODEL_PULL_RUNNING');
        await recordAdminAction(tx, {
          operator,
          action: 'model_pull',
          targetUserId: null,
          reason: null,
          before: { model: entry.id, previous: previous?.status ?? null },
          after: { model: entry.id, weights: manifest.name },
        });
      });
      const abort = new AbortController();
      const done = run(entry, manifest, { id, initial, signal: abort.signal }).finally(() =>
        running.delete(id),
      );
      running.set(id, { abort, done });
      return initial;
    },
    async close() {
      const all = [...running.values()];
      all.forEach((pull) => pull.abort.abort());
      await Promise.all(all.map((pull) => pull.done));
    },
  };
}
