import pino from 'pino';
import type {
  ImageGenerator,
  ImageGeneratorDescription,
} from '@nocturne/imagegen/create-image-generator';
import type { GeneratedImage, GenerateRequest } from '@nocturne/imagegen/types';
import type { AppDb, Database } from '../src/db/database';
import type { GenerationWorkerSettings } from '../src/modules/generations/generation-worker-deps';
import { runGenerationWorker } from '../src/modules/generations/run-generation-worker';
import type { ImageStore } from '../src/modules/images/image-store';
import { ensureCreditAccount } from '../src/modules/credits/ensure-credit-account';
import { grantCredits } from '../src/modules/credits/grant-credits';
import type { UnitOfWork } from '../src/db/create-unit-of-work';
import { silentUnitOfWork } from './silent-unit-of-work';
import { ignoreEvents } from './collect-events';
import { TEST_MODEL_ID } from './test-models';
import {
  createModerationRules,
  type ModerationRules,
} from '../src/modules/moderation/moderation-rules';

/** Queue timings small enough that no test sleeps long; override per test. */
export const FAST_WORKER_SETTINGS: Omit<GenerationWorkerSettings, 'workerId'> = {
  concurrency: 1,
  leaseMs: 2_000,
  pollIntervalMs: 50,
  backoffMs: 20,
  maxAttempts: 3,
  timeoutMs: 10_000,
  retentionMs: 60 * 60_000,
  progressIntervalMs: 0,
  cleanupIntervalMs: 60 * 60_000,
};

export interface TestWorker {
  stop(): Promise<void>;
}

/** Runs one claim loop until stop() (which, like SIGTERM, lets held jobs finish). */
export function startTestWorker(options: {
  database: Database;
  /** Serves the test model… */
  engine?: ImageGenerator;
  /** …or these models, by id. */
  engines?: ReadonlyMap<string, ImageGenerator>;
  images: ImageStore;
  /** The app's (events reach its sockets); else one whose events go nowhere. */
  unitOfWork?: UnitOfWork;
  /** The app's content rules (operators' lists kept current); else the shipped lists alone. */
  rules?: Pick<ModerationRules, 'current'>;
  settings?: Partial<GenerationWorkerSettings>;
}): TestWorker {
  const controller = new AbortController();
  const silent = pino({ level: 'silent' });
  const done = runGenerationWorker(
    {
      database: options.database,
      engines: options.engines ?? new Map([[TEST_MODEL_ID, options.engine ?? missingEngine()]]),
      images: options.images,
      rules: options.rules ?? shippedRules(options.database.db),
      unitOfWork: options.unitOfWork ?? silentUnitOfWork(options.database.db),
      logger: silent,
      settings: { workerId: `test-${Math.random()}`, ...FAST_WORKER_SETTINGS, ...options.settings },
    },
    controller.signal,
  );
  return {
    async stop() {
      controller.abort();
      await done;
    },
  };
}

let shipped: ModerationRules | undefined;
/** The shipped lists without operators' lists, compiled once for every test worker of a file. */
function shippedRules(db: AppDb): ModerationRules {
  shipped ??= createModerationRules({ db });
  return shipped;
}

function missingEngine(): never {
  throw new Error('startTestWorker needs an engine or engines');
}

/** A tiny valid PNG (1×1 black) for fake engines. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * An ImageGenerator whose generate() is the given function (failures, hangs, counters); it also
 * gets the request, so tests can see what the worker asked for.
 */
export function fakeEngine(
  generate: (signal: AbortSignal | undefined, request: GenerateRequest) => Promise<Buffer> | Buffer,
): ImageGenerator {
  return {
    async generate(request, options = {}) {
      const png = await generate(options.signal, request);
      const image: GeneratedImage = {
        png,
        width: 1,
        height: 1,
        seed: 1,
        steps: 1,
        backend: 'onnx',
        model: 'fake',
        timings: { total: 0 },
        aspectRatio: request.aspectRatio ?? '1:1',
        quality: request.quality ?? 'balanced',
        ignoredOptions: [],
      };
      return image;
    },
    describe: () => ({ backend: 'onnx', configured: 'auto', model: 'fake', isPreview: true }),
    warmup: async () => undefined,
    close: async () => undefined,
  };
}

/** A fake engine answering TINY_PNG that describes itself as `description`. */
export function engineDescribedAs(description: ImageGeneratorDescription): ImageGenerator {
  return { ...fakeEngine(() => TINY_PNG), describe: () => description };
}

/** Resolves once `signal` aborts, rejecting like a real backend (a hanging engine). */
export function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

/** Creates the credit account and grants `amount` (0: an empty account, e.g. for premium). */
export async function giveCredits(db: AppDb, userId: string, amount: number) {
  await ensureCreditAccount({ tx: db, userId });
  if (amount === 0) return;
  await grantCredits({
    events: ignoreEvents,
    tx: db,
    userId,
    amount,
    reason: 'adjustment',
    idempotencyKey: `test-grant:${userId}:${Math.random()}`,
  });
}

/** Polls `check` until it returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
