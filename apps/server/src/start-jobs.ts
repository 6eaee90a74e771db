import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Logger } from './lib/create-logger';
import type { Database } from './db/database';
import { createUnitOfWork, type UnitOfWork } from './db/create-unit-of-work';
import type { Env } from './env';
import { releaseHeldGenerations } from './modules/generations/repository/claim-jobs';
import { openImageStore } from './modules/images/open-image-store';
import { createMailerFromEnv } from './modules/mail/create-mailer';
import { openModerationRules } from './modules/moderation/open-moderation-rules';
import type { ModelSources } from './modules/models/model-sources';
import { workerEngines } from './modules/models/worker-engines';
import { createNowPaymentsClient } from './modules/billing/nowpayments-client';
import { loadPaymentsConfig } from './modules/billing/payments-config';
import { connectRealtimeEmitter } from './modules/realtime/connect-realtime-emitter';
import {
  createGenerationJobHandler,
  generationWorkerSettings,
} from './worker/generation-job-handler';
import { createAccountMaintenanceJobHandler } from './worker/account-maintenance-job-handler';
import { createPaymentsJobHandler } from './worker/payments-job-handler';
import { createWebhookDeliveryHandler } from './modules/webhooks/webhook-delivery-handler';
import { startWorker } from './worker/start-worker';

export interface JobsOptions {
  env: Env;
  database: Database;
  logger: Logger;
  /** Role all: the app whose engines, image store, unit of work and rules the jobs share. */
  app: FastifyInstance | undefined;
  /** Where role worker's engines come from (role all shares the app's). */
  modelSources: ModelSources;
}

export interface RunningJobs {
  /** Lets held jobs finish within SHUTDOWN_GRACE_S, then hands the rest back to the queue. */
  stop(): Promise<void>;
  /** Closes what the jobs opened for themselves (emitter, rules, engines, image store). */
  close(): Promise<void>;
}

type Closing = { close: () => Promise<void> };
const nothingToClose = async () => undefined;

/**
 * The worker side of a process: the generation, payment and account-maintenance handlers, each
 * engine warmed up before the first claim. Role all shares the app's engines, image store and unit
 * of work (events go to its sockets and, through its adapter, to other API processes); role worker
 * opens its own and publishes through the adapter's emitter. Either serves WORKER_MODELS, else
 * every catalog model.
 */
export async function startJobs(options: JobsOptions): Promise<RunningJobs> {
  const { env, database, logger, app } = options;
  const settings = generationWorkerSettings(env, `${hostname()}:${process.pid}`);
  const served = await workerEngines({
    env,
    logger,
    database,
    origin: settings.workerId,
    appModels: app?.models,
    sources: options.modelSources,
  });
  const images = app?.images ?? (await openImageStore(env));
  const events = await jobsUnitOfWork(options);
  const moderation = await jobsModerationRules(options);
  const handler = createGenerationJobHandler({
    engines: served.engines,
    rules: moderation.rules,
    images,
    unitOfWork: events.unitOfWork,
    settings,
    // Without an app of its own, results leave by the emitter, by image key only.
    resultImageInline: app !== undefined,
  });
  const paymentsHandler = await jobsPaymentsHandler(options, events.unitOfWork);
  await warmUpEngines(served.engines, logger);
  const worker = startWorker({
    database,
    logger,
    handlers: [
      handler,
      paymentsHandler,
      createAccountMaintenanceJobHandler(),
      createWebhookDeliveryHandler({
        urlFor: (key) => images.urlFor(key),
        allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
      }),
    ],
  });
  return {
    stop: () => stopWithinGrace(worker, options, settings.workerId),
    async close() {
      await events.close();
      await moderation.close();
      await served.close();
      if (!app) images.close();
    },
  };
}

/** Role all: the app's unit of work; role worker: one publishing through the realtime emitter. */
async function jobsUnitOfWork(options: JobsOptions): Promise<Closing & { unitOfWork: UnitOfWork }> {
  const { env, database, logger, app } = options;
  if (app) return { unitOfWork: app.unitOfWork, close: nothingToClose };
  const fanOut = { databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL };
  const emitter = await connectRealtimeEmitter(fanOut, logger);
  if (!emitter) logger.warn('worker role without DATABASE_URL or Redis: no realtime events');
  const unitOfWork = createUnitOfWork({
    db: database.db,
    publish: emitter?.publish ?? (() => undefined),
    logger,
  });
  return { unitOfWork, close: async () => emitter?.close() };
}

/** Role all screens with the app's rules; role worker keeps its own current. */
async function jobsModerationRules(options: JobsOptions) {
  const { env, database, logger, app } = options;
  if (app) return { rules: app.moderation.rules, close: nothingToClose };
  return openModerationRules({
    database,
    extraNamesFile: env.PROMPT_POLICY_EXTRA_NAMES_FILE,
    logger,
  });
}

/** Reconciles payments, expires plans and mails reminders, with the app's client or its own. */
async function jobsPaymentsHandler(options: JobsOptions, unitOfWork: UnitOfWork) {
  const { env, logger, app } = options;
  const payments = app?.payments ?? (await openPayments(env));
  return createPaymentsJobHandler({
    unitOfWork,
    client: payments.client,
    intervalMs: payments.config.reconcileIntervalMs,
    ipnAuditRetentionDays: payments.config.ipnAuditRetentionDays,
    notices: {
      mailer: app?.mailer ?? createMailerFromEnv(env, logger),
      publicUrl: env.PUBLIC_URL,
    },
  });
}

/**
 * The worker role has no app: it talks to the provider itself (with the simulator, over HTTP to
 * the API process at PUBLIC_URL, which serves it).
 */
async function openPayments(env: Env) {
  const config = await loadPaymentsConfig({
    payments: env.PAYMENTS,
    publicUrl: env.PUBLIC_URL,
    dataDir: env.DATA_DIR,
  });
  return {
    config,
    client: createNowPaymentsClient({ apiUrl: config.apiUrl, apiKey: config.apiKey }),
  };
}

/**
 * The first job must not pay for loading a model: load each and make one tiny image before
 * claiming anything. With IMAGE_BACKEND=auto a model that fails here is replaced by the preview
 * model (imagegen logs why); with onnx the failure shows in each job's error.
 */
async function warmUpEngines(engines: ReadonlyMap<string, ImageGenerator>, logger: Logger) {
  for (const [model, engine] of engines) {
    const warmStarted = performance.now();
    await engine.warmup().then(
      () =>
        logger.info(
          { ...engine.describe(), modelId: model, ms: Math.round(performance.now() - warmStarted) },
          'image engine warm',
        ),
      (error: unknown) => logger.error({ err: error, model }, 'image engine warm-up failed'),
    );
  }
}

/**
 * Jobs not done within the grace go back to the queue for another worker, instead of holding the
 * shutdown for a whole generation timeout.
 */
async function stopWithinGrace(
  worker: { stop(): Promise<void> },
  options: JobsOptions,
  workerId: string,
) {
  const { env, database, logger } = options;
  const finished = await finishWithin(worker.stop(), env.SHUTDOWN_GRACE_S * 1000);
  if (finished) return;
  const released = await releaseHeldGenerations({ db: database.db, workerId });
  logger.warn({ released }, 'shutdown grace over: running generations handed back');
}

/** Whether `work` settled within `ms` (it keeps running either way). */
async function finishWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
