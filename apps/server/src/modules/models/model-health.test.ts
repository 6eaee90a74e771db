import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminOverviewSchema, overviewAlerts } from '@nocturne/contract/admin/overview';
import { adminModelListSchema } from '@nocturne/contract/admin/models';
import { getPersonResponseSchema } from '@nocturne/contract/admin/get-person';
import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminTestContext,
  apiCall,
  type AdminTestContext,
} from '../../../test/admin-fixture';
import { createVerifiedUser } from '../../../test/auth-flow';
import {
  giveCredits,
  startTestWorker,
  waitFor,
  type TestWorker,
} from '../../../test/generation-worker-harness';
import { parsePrometheusText } from '../../../test/prometheus-text';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import { generations } from '../generations/generations-tables';
import { insertCompletedSource } from '../../../test/derive-fixtures';
import { FAILURE_REASONS } from '../generations/settle-failed-run';
import {
  healthCatalog,
  openHealthEngines,
  startHealthServers,
  type HealthServers,
} from '../../../test/model-health-fixtures';

const METRICS_TOKEN = 'model-health-metrics-token-0123456789';
/** Long enough for a loaded machine's answer, short enough for the hanging server's turn. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Health comes from the engines (decision 077): one worker serving a model in each state, on fakes
 * of each backend (refused connections, a server that hangs, a refused login, a missing
 * checkpoint, files never pulled, images that fail), and each state reaching GET /models, the
 * default, the submit (503 before any charge, Vary and Upscale too), the console and /metrics.
 */
describe('model health from the engines', () => {
  let servers: HealthServers;
  let admin: AdminTestContext;
  let engines: Map<string, ImageGenerator>;
  let worker: TestWorker;
  let free: { token: string; userId: string };
  let premium: { token: string; userId: string };
  let modelsDir: string | undefined;

  beforeAll(async () => {
    servers = await startHealthServers();
    const catalog = healthCatalog(servers);
    modelsDir = await mkdtemp(path.join(tmpdir(), 'nocturne-health-models-'));
    engines = await openHealthEngines(catalog, modelsDir);
    admin = await createAdminTestContext({
      catalog,
      liveModels: [],
      env: { METRICS_TOKEN },
      imageEngines: engines,
    });
    const { ctx } = admin;
    free = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'free@health.test');
    premium = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'premium@health.test');
    await giveCredits(ctx.database.db, free.userId, 10);
    await giveCredits(ctx.database.db, premium.userId, 0);
    await setPremium(ctx.database.db, premium.userId, true);
    worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engines,
      settings: {
        probeTimeoutMs: PROBE_TIMEOUT_MS,
        probeIntervalMs: 60_000,
        maxAttempts: 3,
        backoffMs: 10,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await Promise.all([...(engines?.values() ?? [])].map((engine) => engine.close()));
    await admin?.ctx.close();
    await servers?.stop();
    if (modelsDir) await rm(modelsDir, { recursive: true, force: true });
  });

  const listModels = async (token: string) => {
    const response = await apiCall(admin.ctx, token, 'GET', '/models');
    return { body: response.body, models: listModelsResponseSchema.parse(response.json()).models };
  };
  const byId = async (token: string) =>
    Object.fromEntries((await listModels(token)).models.map((model) => [model.id, model]));
  const port = (url: string) => new URL(url).port;

  it('GET /models says which models cannot make images and why, in words a person may read', async () => {
    const models = await waitFor(async () => {
      const listed = await byId(free.token);
      // The worker's first report: its probes done, the preview live.
      return listed.preview?.available ? listed : undefined;
    });
    const reasons = Object.fromEntries(
      Object.entries(models).map(([id, model]) => [
        id,
        model.available || model.unavailable_reason,
      ]),
    );
    expect(reasons).toEqual({
      preview: true,
      studio: true,
      sdxl: 'unreachable',
      slow: 'unreachable',
      forge: 'misconfigured',
      nockpt: 'misconfigured',
      local: 'not_installed',
      flaky: true,
    });
    // No host, port or file of the operator's reaches a person.
    const { body } = await listModels(free.token);
    for (const secret of [
      '127.0.0.1',
      port(servers.refusedUrl),
      port(servers.hanging.url),
      port(servers.locked.url),
      'sdxl.safetensors',
      modelsDir!,
    ])
      expect(body).not.toContain(secret);
  });

  it("an unavailable default is nobody's: the next available model of the plan is", async () => {
    const defaults = async (token: string) =>
      (await listModels(token)).models.filter((model) => model.is_default).map((model) => model.id);
    expect(await defaults(premium.token)).toEqual(['studio']);
    expect(await defaults(free.token)).toEqual(['preview']);
    const submitted = await apiCall(admin.ctx, premium.token, 'POST', '/generate', {
      content_prompt: 'a harbour at night',
    });
    expect(submitted.statusCode).toBe(200);
    const rows = await admin.ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, premium.userId));
    expect(rows.map((row) => row.model)).toEqual(['studio']);
  });

  it('refuses a submit, a Vary and an Upscale on an unavailable model with 503, before any charge', async () => {
    const db = admin.ctx.database.db;
    const before = await readCreditLedger(db, free.userId);
    const rowsBefore = await db
      .select()
      .from(generations)
      .where(eq(generations.userId, free.userId));
    for (const model of ['slow', 'forge', 'nockpt', 'local']) {
      const response = await apiCall(admin.ctx, free.token, 'POST', '/generate', {
        content_prompt: 'a lighthouse',
        model,
        image_count: 2,
      });
      expect(response.statusCode, model).toBe(503);
      expect(response.json()).toMatchObject({ error: 'MODEL_UNAVAILABLE' });
    }
    const source = await insertCompletedSource(admin.ctx, free.userId, { model: 'slow' });
    for (const [action, payload] of [
      ['variations', { strength: 'subtle' }],
      ['upscale', { factor: 2 }],
    ] as const) {
      const response = await apiCall(
        admin.ctx,
        free.token,
        'POST',
        `/generations/${source.id}/${action}`,
        payload,
      );
      expect(response.statusCode, action).toBe(503);
      expect(response.json()).toMatchObject({ error: 'MODEL_UNAVAILABLE' });
    }
    expect(await readCreditLedger(db, free.userId)).toEqual(before);
    const rowsAfter = await db
      .select()
      .from(generations)
      .where(eq(generations.userId, free.userId));
    expect(rowsAfter).toHaveLength(rowsBefore.length + 1);
  });

  it('a job that fails keeps its kind and the engine’s words for the console, the person reads their sentence', async () => {
    const db = admin.ctx.database.db;
    // Queued while the server still answered: it fails at the worker, on a refused connection.
    const [queued] = await db
      .insert(generations)
      .values({
        requestId: 'queued-before-down',
        userId: free.userId,
        contentPrompt: 'an owl',
        model: 'sdxl',
      })
      .returning();
    const failed = await waitFor(async () => {
      const [row] = await db.select().from(generations).where(eq(generations.id, queued!.id));
      return row?.status === 'failed' ? row : undefined;
    });
    expect(failed.error).toBe(FAILURE_REASONS.failed);
    expect(failed.failureKind).toBe('unreachable');
    expect(failed.failureDetail).toContain(`ECONNREFUSED 127.0.0.1:${port(servers.refusedUrl)}`);

    const own = await apiCall(admin.ctx, free.token, 'GET', `/generations/${queued!.id}`);
    expect(own.json()).toMatchObject({ error: FAILURE_REASONS.failed });
    expect(own.body).not.toContain('ECONNREFUSED');

    const person = await apiCall(
      admin.ctx,
      admin.operator.token,
      'GET',
      `/admin/users/${free.userId}`,
    );
    const seen = getPersonResponseSchema
      .parse(person.json())
      .generations.find((row) => row.id === queued!.id);
    expect(seen).toMatchObject({ error: FAILURE_REASONS.failed, failureKind: 'unreachable' });
    expect(seen?.failureDetail).toContain('ECONNREFUSED');
  });

  it('images that keep failing while the server answers make the model failing, still offered', async () => {
    const db = admin.ctx.database.db;
    await db.insert(generations).values({
      requestId: 'flaky-one',
      userId: free.userId,
      contentPrompt: 'a fox',
      model: 'flaky',
    });
    const models = await waitFor(async () => {
      const listed = await adminModels();
      return listed.flaky?.health?.state === 'failing' ? listed : undefined;
    });
    expect(models.flaky?.health?.cause).toContain('ComfyUI answered 500');
    expect(models.flaky).toMatchObject({ available: true, unavailable_reason: null });
    expect((await byId(free.token)).flaky).toMatchObject({ available: true });
  });

  const adminModels = async () => {
    const response = await apiCall(admin.ctx, admin.operator.token, 'GET', '/admin/models');
    const { models } = adminModelListSchema.parse(response.json());
    return Object.fromEntries(models.map((model) => [model.id, model]));
  };

  it("the console's Models page and Overview name each cause and since when", async () => {
    const models = await adminModels();
    expect(models.sdxl).toMatchObject({
      available: false,
      unavailable_reason: 'unreachable',
      health: { state: 'unreachable', cause: `ECONNREFUSED 127.0.0.1:${port(servers.refusedUrl)}` },
    });
    expect(models.sdxl?.workers[0]?.health?.state).toBe('unreachable');
    expect(models.local).toMatchObject({ available: false, health: { state: 'not_installed' } });
    expect(models.local?.health?.cause).toContain('npm run models -- pull sd-turbo');

    const response = await apiCall(admin.ctx, admin.operator.token, 'GET', '/admin/overview');
    const overview = adminOverviewSchema.parse(response.json());
    const health = Object.fromEntries(overview.models.map((model) => [model.id, model.health]));
    expect(health.sdxl).toMatchObject({ state: 'unreachable' });
    expect(health.slow).toMatchObject({
      state: 'unreachable',
      cause: `no answer from 127.0.0.1:${port(servers.hanging.url)} within ${PROBE_TIMEOUT_MS / 1000} s`,
    });
    expect(health.forge).toMatchObject({
      state: 'misconfigured',
      cause: '401 from GET /sdapi/v1/sd-models: AUTOMATIC1111 refused the credentials',
    });
    expect(health.nockpt).toMatchObject({
      state: 'misconfigured',
      cause: 'checkpoint sdxl.safetensors not in /object_info (it has: v1-5-pruned.safetensors)',
    });
    expect(health.preview).toMatchObject({ state: 'ready', cause: null });
    expect(Date.parse(health.sdxl!.since)).toBeLessThanOrEqual(Date.now());

    const alerts = overviewAlerts(overview);
    const sdxlAlert = alerts.find((alert) => alert.text.startsWith('SDXL'));
    expect(sdxlAlert).toEqual({
      text: `SDXL is unreachable: submits are refused (ECONNREFUSED 127.0.0.1:${port(servers.refusedUrl)}).`,
      since: health.sdxl!.since,
    });
    expect(alerts.map((alert) => alert.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^LOCAL is not installed/),
        expect.stringMatching(/^FLAKY is failing/),
      ]),
    );
    // The failures by kind carry the engine's words.
    expect(overview.failures).toContainEqual({
      reason: 'unreachable',
      detail: expect.stringContaining('ECONNREFUSED'),
      count: 1,
    });
  });

  it('/metrics has nocturne_model_up per model', async () => {
    const response = await admin.ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const metrics = parsePrometheusText(response.body);
    const up = (model: string) => metrics.value('nocturne_model_up', { model });
    expect(['preview', 'studio'].map(up)).toEqual([1, 1]);
    expect(['sdxl', 'slow', 'forge', 'nockpt', 'local', 'flaky'].map(up)).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
  });
});
