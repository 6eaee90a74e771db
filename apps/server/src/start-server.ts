import { hostname } from 'node:os';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { Logger } from './lib/create-logger';
import { buildApp } from './app';
import type { Database } from './db/database';
import type { Env } from './env';
import { releaseHeldGenerations } from './modules/generations/repository/claim-jobs';
import { openImageStore } from './modules/images/open-image-store';
import { workerEngines } from './modules/models/worker-engines';
import { createMailerFromEnv } from './modules/mail/create-mailer';
import { startMetricsServer } from './start-metrics-server';
import { connectRealtimeEmitter } from './modules/realtime/connect-realtime-emitter';
import { createNowPaymentsClient } from './modules/payments/nowpayments-client';
import { loadPaymentsConfig } from './modules/payments/payments-config';
import { createUnitOfWork } from './db/create-unit-of-work';
import type { Role } from './parse-role';
import {
  createGenerationJobHandler,
  generationWorkerSettings,
} from './worker/generation-job-handler';
import { createAccountMaintenanceJobHandler } from './worker/account-maintenance-job-handler';
import { createPaymentsJobHandler } from './worker/payments-job-handler';
import { startWorker } from './worker/start-worker';
import { openModerationRules } from './modules/moderation/open-moderation-rules';

export interface RunningServer {
  /** Graceful: stop accepting, finish in-flight requests and jobs, close realtime, then the DB. */
  stop(): Promise<void>;
  /** The bound HTTP address (undefined for the worker role). */
  address: string | undefined;
}

/** Starts what `role` asks for on an open database; the database is closed by stop(). */
export async function startServer(options: {
  role: Role;
  env: Env;
  database: Database;
  logger: Logger;
  /** An image engine the caller owns (tests); opened from env when absent. */
  imageEngine?: ImageGenerator;
}): Promise<RunningServer> {
  const { role, env, database, logger } = options;
  const app =
    role === 'worker'
      ? undefined
      : await buildApp({ env, database, logger, imageEngine: options.imageEngine });
  const address = app ? await app.listen({ port: env.PORT, host: env.HOST }) : undefined;
  const metricsServer = app ? undefined : await startMetricsServer(env, logger);
  let closeEngine: () => Promise<void> = async () => undefined;
  let closeEmitter: () => Promise<void> = async () => undefined;
  let closeImages: () => void = () => undefined;
  let closeRules: () => Promise<void> = async () => undefined;
  let worker: ReturnType<typeof startWorker> | undefined;
  let workerId: string | undefined;
  if (role !== 'api') {
    const settings = generationWorkerSettings(env, `${hostname()}:${process.pid}`);
    workerId = settings.workerId;
    // Role all shares the app's engines, image store and unit of work (events go to its sockets
    // and, through its adapter, to other API processes); role worker opens its own and publishes
    // through the adapter's emitter. Either serves WORKER_MODELS, else every catalog model.
    const served = await workerEngines({
      env,
      logger,
      database,
      origin: settings.workerId,
      appModels: app?.models,
      engine: options.imageEngine,
    });
    closeEngine = served.close;
    const engines = served.engines;
    const images = app?.images ?? (await openImageStore(env));
    if (!app) closeImages = () => images.close();
    let unitOfWork = app?.unitOfWork;
    if (!unitOfWork) {
      const fanOut = { databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL };
      const emitter = await connectRealtimeEmitter(fanOut, logger);
      if (!emitter) logger.warn('worker role without DATABASE_URL or Redis: no realtime events');
      closeEmitter = async () => emitter?.close();
      unitOfWork = createUnitOfWork({
        db: database.db,
        publish: emitter?.publish ?? (() => undefined),
        logger,
      });
    }
    // Role all screens with the app's rules; role worker keeps its own current.
    const moderation = app
      ? { rules: app.moderation.rules, close: async () => undefined }
      : await openModerationRules({
          database,
          extraNamesFile: env.PROMPT_POLICY_EXTRA_NAMES_FILE,
          logger,
        });
    closeRules = moderation.close;
    const handler = createGenerationJobHandler({
      engines,
      rules: moderation.rules,
      images,
      unitOfWork,
      settings,
      // Without an app of its own, results leave by the emitter, by image key only.
      resultImageInline: app !== undefined,
    });
    const payments = app?.payments ?? (await openPayments(env));
    const paymentsHandler = createPaymentsJobHandler({
      unitOfWork,
      client: payments.client,
      intervalMs: payments.config.reconcileIntervalMs,
      ipnAuditRetentionDays: payments.config.ipnAuditRetentionDays,
      notices: {
        mailer: app?.mailer ?? createMailerFromEnv(env, logger),
        publicUrl: env.PUBLIC_URL,
      },
    });
    // The first job must not pay for loading a model: load each and make one tiny image before
    // claiming anything. With IMAGE_BACKEND=auto a model that fails here is replaced by the
    // preview model (imagegen logs why); with onnx the failure shows in each job's error.
    for (const [model, engine] of engines) {
      const warmStarted = performance.now();
      await engine.warmup().then(
        () =>
          logger.info(
            {
              ...engine.describe(),
              modelId: model,
              ms: Math.round(performance.now() - warmStarted),
            },
            'image engine warm',
          ),
        (error: unknown) => logger.error({ err: error, model }, 'image engine warm-up failed'),
      );
    }
    worker = startWorker({
      database,
      logger,
      handlers: [handler, paymentsHandler, createAccountMaintenanceJobHandler()],
    });
  }
  if (address) logger.info({ role, publicUrl: env.PUBLIC_URL }, `Nocturne listening on ${address}`);
  return {
    address,
    async stop() {
      // Take no new work at once: /health answers 503 and new generations are refused.
      app?.drain.begin();
      // Jobs next: they still need the engine, the realtime server and the database. Those not
      // done within the grace go back to the queue for another worker, instead of holding the
      // shutdown for a whole generation timeout.
      if (worker) {
        const finished = await finishWithin(worker.stop(), env.SHUTDOWN_GRACE_S * 1000);
        if (!finished && workerId) {
          const released = await releaseHeldGenerations({ db: database.db, workerId });
          logger.warn({ released }, 'shutdown grace over: running generations handed back');
        }
      }
      await closeEmitter();
      await closeRules();
      await closeEngine();
      closeImages();
      await app?.close();
      await metricsServer?.close();
      await database.close();
    },
  };
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
