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
import { recordAdminAction } from '../../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../../operators/require-operator';
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

/** What the pulls need: the process's models, the unit of work and where the Hub is. */
interface PullSettings {
  models: AppModels;
  unitOfWork: UnitOfWork;
  hubUrl: string | undefined;
  logger: Logger;
  throttleMs?: number;
}

/** One pull under way: its row's id, its first state and what aborts it. */
interface PullRun {
  id: string;
  initial: ModelPullState;
  signal: AbortSignal;
}

const pullEvent = (state: ModelPullState) =>
  ({ channel: channels.admin('models'), event: 'pull_progress', payload: state }) as const;

/**
 * Writes a pull's states to its row one at a time, in order, each published once stored: a late
 * progress write cannot land after the final state, and GET never answers older than the last
 * event.
 */
function pullRecorder(settings: PullSettings, model: string, pull: PullRun) {
  let latest = pull.initial;
  let writes = Promise.resolve();
  const record = (state: ModelPullState, publish: boolean) => {
    latest = state;
    writes = writes
      .then(() =>
        settings.unitOfWork.statement(async (db, events) => {
          await writePull(db, pull.id, state);
          if (publish) events.add(pullEvent(state));
        }),
      )
      .catch((error: unknown) =>
        settings.logger.warn({ err: error, model }, 'recording the pull progress failed'),
      );
  };
  return { record, latest: () => latest, written: () => writes };
}

/**
 * Downloads the weights with imagegen's pull, the row kept alive by a heartbeat and its progress
 * recorded, then reopens this process's engine of the model; answers the final state and whether
 * the weights are in place.
 */
async function downloadWeights(
  settings: PullSettings,
  entry: CatalogEntry,
  manifest: ModelManifest,
  pull: PullRun,
  recorder: ReturnType<typeof pullRecorder>,
): Promise<{ final: ModelPullState; pulled: boolean }> {
  const { models } = settings;
  const heartbeat = setInterval(() => recorder.record(recorder.latest(), false), PULL_HEARTBEAT_MS);
  const progress = createPullProgress({
    initial: pull.initial,
    throttleMs: settings.throttleMs ?? 250,
    publish: (state) => {
      if (state.status === 'running') recorder.record(state, true);
    },
  });
  try {
    await pullModel({
      modelsDir: models.modelsDir,
      manifest,
      signal: pull.signal,
      hubUrl: settings.hubUrl,
      onProgress: progress.download,
      onFileDone: (file) => progress.phase('verify', `${file.path}: ${file.size} bytes, checked`),
      onStage: (stage, detail) => progress.phase(stage, detail),
    });
    const reloaded = await models.reloadEngine(entry.id);
    return { final: progress.finish({ restartNeeded: !reloaded }), pulled: true };
  } catch (error) {
    settings.logger.warn({ err: error, model: entry.id }, 'console model pull failed');
    return {
      final: progress.fail(error instanceof Error ? error.message : String(error)),
      pulled: false,
    };
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Runs imagegen's pull (what `npm run models -- pull` runs) inside the API process asked: its
 * progress goes to the `model_pulls` row every API process reads and to the operators'
 * `admin:models` channel. A finished pull reopens this process's engine of the model and tells
 * the other processes to reopen theirs (MODEL_PULLED_CHANNEL), with the final state.
 */
async function runModelPull(
  settings: PullSettings,
  entry: CatalogEntry,
  manifest: ModelManifest,
  pull: PullRun,
): Promise<void> {
  const recorder = pullRecorder(settings, entry.id, pull);
  const { final, pulled } = await downloadWeights(settings, entry, manifest, pull, recorder);
  await recorder.written();
  const { models } = settings;
  await settings.unitOfWork
    .transaction(async (tx, events) => {
      await writePull(tx, pull.id, final);
      if (pulled) await notifyModelPulled(tx, { model: entry.id, origin: models.origin });
      events.add(pullEvent(final));
    })
    .catch((error: unknown) =>
      settings.logger.warn({ err: error, model: entry.id }, 'recording the end of the pull failed'),
    );
}

/** Claims the model's pull (MODEL_PULL_RUNNING while another runs) and audits it, together. */
async function claimAuditedPull(
  unitOfWork: UnitOfWork,
  pull: { id: string; initial: ModelPullState; manifest: ModelManifest },
  entry: CatalogEntry,
  operator: RequestOperator,
): Promise<void> {
  await unitOfWork.transaction(async (tx) => {
    const previous = (await readPulls(tx)).get(entry.id);
    if (!(await claimPull(tx, pull.id, pull.initial))) throw new AppError('MODEL_PULL_RUNNING');
    await recordAdminAction(tx, {
      operator,
      action: 'model_pull',
      targetUserId: null,
      reason: null,
      before: { model: entry.id, previous: previous?.status ?? null },
      after: { model: entry.id, weights: pull.manifest.name },
    });
  });
}

/** The console's pulls of this process (runModelPull), each started in the background. */
export function createModelPulls(options: PullSettings): ModelPulls {
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  return {
    states: readPulls,
    async start(entry, manifest, operator) {
      const id = randomUUID();
      const initial = startingPullState(entry.id, manifest.files.length);
      await claimAuditedPull(options.unitOfWork, { id, initial, manifest }, entry, operator);
      const abort = new AbortController();
      const done = runModelPull(options, entry, manifest, {
        id,
        initial,
        signal: abort.signal,
      }).finally(() => running.delete(id));
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
