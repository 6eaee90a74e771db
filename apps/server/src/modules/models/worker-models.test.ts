import { sql } from 'drizzle-orm';
import { claimOne } from '../../../test/queued-jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerModels } from './worker-models-tables';
import { generations } from '../generations/generations-tables';
import {
  fakeEngine,
  startTestWorker,
  TINY_PNG,
  waitFor,
  type TestWorker,
} from '../../../test/generation-worker-harness';
import { startCatalogApp } from '../../../test/model-catalog-fixtures';

/** Each worker claims only its models' jobs, and a model is live while a worker serves it. */
describe('workers serving several models', () => {
  let setup: Awaited<ReturnType<typeof startCatalogApp>>;
  const ran: Record<string, string[]> = { turbo: [], studio: [] };
  const engineOf = (model: 'turbo' | 'studio') =>
    fakeEngine((_signal, request) => {
      ran[model]!.push(request.prompt);
      return TINY_PNG;
    });
  const engines = new Map([
    ['turbo', engineOf('turbo')],
    ['studio', engineOf('studio')],
    ['detail', engineOf('turbo')],
  ]);
  let turboWorker: TestWorker;
  let studioWorker: TestWorker;

  beforeAll(async () => {
    // No model is live until a worker says so.
    setup = await startCatalogApp({ live: [], engines });
  });
  afterAll(() => setup.ctx.close());

  const availability = async (token: string) => {
    const response = await setup.call(token, 'GET', '/models');
    const models = response.json().models as { id: string; available: boolean }[];
    return Object.fromEntries(models.map((model) => [model.id, model.available]));
  };
  const workerFor = (model: 'turbo' | 'studio') =>
    startTestWorker({
      database: setup.ctx.database,
      images: setup.ctx.app.images,
      engines: new Map([[model, engines.get(model)!]]),
    });

  it('claims by model, premium first within a model', async () => {
    const db = setup.ctx.database.db;
    const row = (model: string, priority: number, prompt: string) => ({
      requestId: `claim-${prompt}`,
      userId: setup.free.userId,
      contentPrompt: prompt,
      model,
      priority,
    });
    await db.insert(generations).values(row('turbo', 0, 'old turbo'));
    await db.insert(generations).values(row('studio', 0, 'free studio'));
    await db.insert(generations).values(row('studio', 1, 'premium studio'));
    const claim = (models: string[]) =>
      claimOne({ db, workerId: 'claims', leaseMs: 60_000, models });
    expect((await claim(['turbo']))?.contentPrompt).toBe('old turbo');
    expect(await claim(['turbo'])).toBeUndefined();
    expect((await claim(['studio']))?.contentPrompt).toBe('premium studio');
    expect((await claim(['studio']))?.contentPrompt).toBe('free studio');
    await db.delete(generations);
  });

  it('a model is unavailable until a worker serves it, and refused at submit', async () => {
    expect(await availability(setup.free.token)).toEqual({
      turbo: false,
      detail: false,
      studio: false,
    });
    const refused = await setup.call(setup.free.token, 'POST', '/generate', {
      content_prompt: 'an owl',
    });
    expect(refused.json()).toMatchObject({ error: 'MODEL_UNAVAILABLE' });
    turboWorker = workerFor('turbo');
    studioWorker = workerFor('studio');
    await waitFor(async () => {
      const live = await availability(setup.free.token);
      return live.turbo && live.studio && !live.detail;
    });
  });

  it('runs each job on the worker of its model', async () => {
    const submit = (token: string, prompt: string, model?: string) =>
      setup.call(token, 'POST', '/generate', { content_prompt: prompt, model });
    expect((await submit(setup.free.token, 'turbo owl')).statusCode).toBe(200);
    expect((await submit(setup.premium.token, 'studio owl', 'studio')).statusCode).toBe(200);
    expect((await submit(setup.premium.token, 'premium turbo owl', 'turbo')).statusCode).toBe(200);
    await waitFor(async () => {
      const rows = await setup.ctx.database.db.select().from(generations);
      return rows.length === 3 && rows.every((row) => row.status === 'completed');
    });
    expect(ran.turbo!.sort()).toEqual(['premium turbo owl', 'turbo owl']);
    expect(ran.studio).toEqual(['studio owl']);
  });

  it('a model whose worker stopped is unavailable at once; a silent one after the bound', async () => {
    await studioWorker.stop();
    expect(await availability(setup.premium.token)).toMatchObject({ turbo: true, studio: false });
    const refused = await setup.call(setup.premium.token, 'POST', '/generate', {
      content_prompt: 'an owl',
      model: 'studio',
    });
    expect(refused.statusCode).toBe(503);
    await turboWorker.stop();
    expect(await availability(setup.free.token)).toMatchObject({ turbo: false });
    // A worker that died without a word: live until its last heartbeat is GENERATION_LEASE_S old.
    const bound = setup.ctx.env.GENERATION_LEASE_S;
    const heardAgo = (seconds: number) => ({
      workerId: 'killed',
      model: 'detail',
      seenAt: sql`now() - ${`${seconds} seconds`}::interval`,
    });
    await setup.ctx.database.db.insert(workerModels).values(heardAgo(bound - 5));
    expect(await availability(setup.free.token)).toMatchObject({ detail: true });
    await setup.ctx.database.db.delete(workerModels);
    await setup.ctx.database.db.insert(workerModels).values(heardAgo(bound + 1));
    expect(await availability(setup.free.token)).toMatchObject({ detail: false });
  });
});
