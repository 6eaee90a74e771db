import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { ModelManifest } from '@nocturne/imagegen/models/manifest';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../src/lib/create-logger';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { parseEnv, type Env } from '../src/env';
import { cheapPasswordHashing } from './cheap-password-hashing';
import { fakeModelSources } from './fake-model-sources';
import { openTestDatabase } from './open-test-database';
import { keepModelsLive, writeTestCatalogFile } from './test-models';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a private database and a temp DATA_DIR. `database` may be shared between apps
 * of one file; otherwise a fresh one is opened and closed with the app.
 */
export async function createTestApp(
  options: {
    database?: Database;
    /** Settings as production reads them: rate limits, operators, a fake NOWPayments (its `env`)… */
    env?: Record<string, string>;
    /** A fake engine (failure tests); the real one from env (preview model) when absent. */
    imageEngine?: ImageGenerator;
    /** Engines by model id (several models). */
    imageEngines?: ReadonlyMap<string, ImageGenerator>;
    /**
     * The models offered: TEST_CATALOG (the preview at one credit) unless given; `from-env`:
     * MODELS_FILE or the catalog of one built from the IMAGE_* settings, as in production.
     */
    catalog?: ModelCatalog | 'from-env';
    /** Models marked as served by a live worker; default every model of the catalog. */
    liveModels?: string[];
    /** Instead of a silent one built from env (tests that read the log). */
    logger?: Logger;
    /** What the console's model pull fetches, by ONNX model name (a fake Hub's manifests). */
    pullManifests?: ReadonlyMap<string, ModelManifest>;
    /**
     * Passwords are hashed with a cheap scrypt (decision 069); `production`: better-auth's own, as
     * a deployment hashes (the test that guards it).
     */
    passwordHashing?: 'production';
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-data-'));
  // The catalog reaches the app as production's does: a MODELS_FILE.
  const catalogFile =
    options.catalog === 'from-env'
      ? {}
      : { MODELS_FILE: await writeTestCatalogFile(dataDir, options.catalog) };
  const env = parseEnv({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    ...options.env,
    ...catalogFile,
  });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    env,
    database,
    modelSources: fakeModelSources({
      engine: options.imageEngine,
      engines: options.imageEngines,
      pullManifests: options.pullManifests,
    }),
    logger: options.logger,
    passwordHashing: options.passwordHashing === 'production' ? undefined : cheapPasswordHashing,
  });
  await app.ready();
  const catalogIds = app.models.registry.catalog.models.map((model) => model.id);
  await keepModelsLive(database.db, options.liveModels ?? catalogIds);
  return {
    app,
    env,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      // A mail still being written as the app closes can refill a folder mid-removal: retried.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}
