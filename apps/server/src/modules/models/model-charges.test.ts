import {
  EXPORT_DATA_FILE,
  exportDataSchema,
} from '@nocturne/contract/account-data/export-user-data';
import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../generations/generations-tables';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { startTestWorker, waitFor } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { readZip } from '../../../test/read-zip';
import { gpuEngine, startCatalogApp, failingWhile } from '../../../test/model-catalog-fixtures';

describe('the preview of a catalog of one (no MODELS_FILE, no model installed)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ catalog: 'from-env' });
  });
  afterAll(() => ctx.close());

  it('is free: no debit, no ledger row, no credit account needed', async () => {
    const person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'preview@example.test');
    const headers = { authorization: `Bearer ${person.token}` };
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/models', headers });
    expect(listResponse(listed.json())).toEqual([
      expect.objectContaining({
        id: 'preview',
        credit_cost: 0,
        is_preview: true,
        is_default: true,
      }),
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers,
      payload: { content_prompt: 'a lighthouse', image_count: 2 },
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, person.userId));
    expect(rows.map((row) => row.model)).toEqual(['preview', 'preview']);
    const ledger = await readCreditLedger(ctx.database.db, person.userId);
    expect(ledger).toMatchObject({ balance: null, entries: [] });
  });
});

function listResponse(body: unknown) {
  return listModelsResponseSchema.parse(body).models;
}

describe('a model costing 2 credits whose every run fails', () => {
  let setup: Awaited<ReturnType<typeof startCatalogApp>>;
  beforeAll(async () => {
    const engine = gpuEngine(failingWhile(() => true));
    setup = await startCatalogApp({
      engines: new Map([
        ['turbo', engine],
        ['detail', engine],
        ['studio', engine],
      ]),
    });
  });
  afterAll(() => setup.ctx.close());

  it('takes 2 per image and gives back exactly that when the job finally fails', async () => {
    const { free, ctx } = setup;
    const response = await setup.call(free.token, 'POST', '/generate', {
      content_prompt: 'a lighthouse',
      model: 'detail',
      image_count: 2,
    });
    expect(response.statusCode).toBe(200);
    expect((await setup.ledgerOf(free.userId)).balance).toBe(6);
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engines: ctx.app.models.engines,
      settings: { maxAttempts: 1 },
    });
    const rows = () =>
      ctx.database.db.select().from(generations).where(eq(generations.userId, free.userId));
    await waitFor(async () => (await rows()).every((row) => row.status === 'failed'));
    await worker.stop();
    const ledger = await setup.ledgerOf(free.userId);
    expect(ledger.balance).toBe(10);
    expect(ledger.ledgerSum).toBe(10);
    const refunds = ledger.entries.filter((entry) => entry.reason === 'refund');
    expect(refunds.map((entry) => entry.amount)).toEqual([2, 2]);
  });

  it('exports each generation with its model', async () => {
    const response = await setup.call(setup.free.token, 'GET', '/user/export');
    const files = await readZip(response.rawPayload);
    const data = exportDataSchema.parse(JSON.parse(files.get(EXPORT_DATA_FILE)!.toString('utf8')));
    expect(data.generations.map((generation) => generation.model)).toEqual(['detail', 'detail']);
  });
});
