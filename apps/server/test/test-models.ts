import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { DbHandle } from '../src/db/database';
import { workerModels } from '../src/modules/models/worker-models-tables';
import type { SubmitModels } from '../src/modules/models/app-models';

/** The model every test submits to unless it says otherwise. */
export const TEST_MODEL_ID = 'test-model';

/**
 * The test apps' catalog: one free model on the preview engine at one credit per image, so the
 * credit tests see a charge (the catalog of one built from settings makes the preview free).
 */
export const TEST_CATALOG: ModelCatalog = {
  models: [
    {
      id: TEST_MODEL_ID,
      name: 'Test model',
      description: 'The preview engine at one credit per image.',
      backend: 'preview',
      tier: 'free',
      creditCost: 1,
    },
  ],
};

/** For services called directly: the test model, one credit per image unless premium. */
export const TEST_SUBMIT_MODELS: SubmitModels = {
  choose: async (_tx, requested, premium) => ({
    id: requested ?? TEST_MODEL_ID,
    creditCost: premium ? 0 : 1,
    variationCost: premium ? 0 : 1,
    upscaleCost: premium ? 0 : 1,
    upscale4Cost: premium ? 0 : 1,
  }),
};

/**
 * Marks `models` served by a worker for the next day, for apps whose tests run no worker (or
 * start one later): a submit then finds them live, as with the embedded worker of `npm start`.
 */
export async function keepModelsLive(db: DbHandle, models: readonly string[]): Promise<void> {
  if (models.length === 0) return;
  await db
    .insert(workerModels)
    .values(
      models.map((model) => ({
        workerId: 'test-app',
        model,
        seenAt: sql`now() + interval '1 day'`,
      })),
    )
    .onConflictDoUpdate({
      target: [workerModels.workerId, workerModels.model],
      set: { seenAt: sql`now() + interval '1 day'` },
    });
}

/**
 * Writes `catalog` (TEST_CATALOG unless given) as `dir/models.json`: apps and processes read their
 * catalog from MODELS_FILE, as in production.
 */
export async function writeTestCatalogFile(
  dir: string,
  catalog: ModelCatalog = TEST_CATALOG,
): Promise<string> {
  const file = path.join(dir, 'models.json');
  await writeFile(file, JSON.stringify(catalog));
  return file;
}
