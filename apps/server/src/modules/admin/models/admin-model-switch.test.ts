import { adminModelListSchema } from '@nocturne/contract/admin/models';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { createTestApp, type TestApp } from '../../../../test/create-test-app';
import { giveCredits, waitFor } from '../../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../../test/read-credit-ledger';
import { TEST_CATALOG, TEST_MODEL_ID } from '../../../../test/test-models';
import { adminAudit } from '../../admin-audit/admin-audit-tables';
import { modelSwitches } from '../../models/model-switches-tables';
import { recordWorkerModels, removeWorkerModels } from '../../models/model-liveness';

/**
 * The Models section's switch across two API processes on one database: the operator turns a
 * model off on one, the other refuses a submit to it at once (NOTIFY), before any charge.
 */
describe('the model switch (PUT /api/v1/admin/models/{id})', () => {
  let admin: AdminTestContext;
  let second: TestApp;

  beforeAll(async () => {
    admin = await createAdminTestContext();
    second = await createTestApp({ database: admin.ctx.database });
    await giveCredits(admin.ctx.database.db, admin.person.userId, 5);
  });
  afterAll(async () => {
    await second.close();
    await admin.ctx.close();
  });

  const asOperator = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    apiCall(admin.ctx, admin.operator.token, method, url, payload);
  const listed = async () =>
    adminModelListSchema.parse((await asOperator('GET', '/admin/models')).json()).models;
  const submitOn = (app: TestApp) =>
    apiCall(app, admin.person.token, 'POST', '/generate', {
      source_prompt: '',
      content_prompt: 'a moonlit owl',
      model: TEST_MODEL_ID,
    });
  const availableOn = async (app: TestApp) => {
    const response = await apiCall(app, admin.person.token, 'GET', '/models');
    return response.json().models.find((m: { id: string }) => m.id === TEST_MODEL_ID).available;
  };
  const auditRows = () =>
    admin.ctx.database.db.select().from(adminAudit).orderBy(desc(adminAudit.id));

  it('answers 403 to anyone but an operator, and changes nothing', async () => {
    for (const [method, url, payload] of [
      ['GET', '/admin/models', undefined],
      ['PUT', `/admin/models/${TEST_MODEL_ID}`, { enabled: false, reason: 'incident' }],
      ['POST', `/admin/models/${TEST_MODEL_ID}/pull`, undefined],
    ] as const) {
      for (const who of [admin.person, admin.unprotected]) {
        const response = await apiCall(admin.ctx, who.token, method, url, payload);
        expect(response.statusCode).toBe(403);
      }
      const refused = await apiCall(admin.ctx, admin.person.token, method, url, payload);
      expect(refused.json()).toMatchObject({ error: 'OPERATOR_ONLY' });
    }
    expect(await admin.ctx.database.db.select().from(modelSwitches)).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('lists the catalog with tier, cost, backend, switch and the live workers', async () => {
    const [model] = await listed();
    const entry = TEST_CATALOG.models[0]!;
    expect(model).toMatchObject({
      id: entry.id,
      name: entry.name,
      tier: 'free',
      credit_cost: 1,
      backend: 'preview',
      enabled: true,
      switch: null,
      available: true,
      unavailable_reason: null,
      workers: [{ id: 'test-app', last_seen_at: expect.any(String), engine: null }],
      weights: null,
      pull: null,
    });
  });

  it("lists each live worker's engine as it reported it with its heartbeat", async () => {
    const report = new Map([
      [
        TEST_MODEL_ID,
        {
          backend: 'preview',
          model: 'preview',
          isPreview: true,
          notice: null,
          fallbackReason: 'sd-turbo is not installed',
          variations: true,
          upscale: [2 as const],
        },
      ],
    ]);
    await recordWorkerModels(admin.ctx.database.db, 'cpu-worker', report);
    const [model] = await listed();
    expect(model?.workers).toContainEqual({
      id: 'cpu-worker',
      last_seen_at: expect.any(String),
      engine: {
        backend: 'preview',
        model: 'preview',
        is_preview: true,
        fallback_reason: 'sd-turbo is not installed',
      },
      health: null,
    });
    await removeWorkerModels(admin.ctx.database.db, 'cpu-worker');
  });

  it('refuses a missing reason (422) and an unknown model (404), writing nothing', async () => {
    const noReason = await asOperator('PUT', `/admin/models/${TEST_MODEL_ID}`, { enabled: false });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    const unknown = await asOperator('PUT', '/admin/models/nope', {
      enabled: false,
      reason: 'x y z',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND' });
    const notPullable = await asOperator('POST', `/admin/models/${TEST_MODEL_ID}/pull`);
    expect(notPullable.statusCode).toBe(422);
    expect(notPullable.json()).toMatchObject({ error: 'MODEL_NOT_PULLABLE' });
    expect(await auditRows()).toEqual([]);
  });

  it('off: audited, unavailable everywhere at once, a submit refused before any charge', async () => {
    // The second process has read (and cached) the switches as on.
    expect(await availableOn(second)).toBe(true);
    const before = await readCreditLedger(admin.ctx.database.db, admin.person.userId);
    const reason = 'Backend is returning black images';
    const changed = await asOperator('PUT', `/admin/models/${TEST_MODEL_ID}`, {
      enabled: false,
      reason,
    });
    expect(changed.statusCode).toBe(200);
    expect(adminModelListSchema.parse(changed.json()).models[0]).toMatchObject({
      enabled: false,
      available: false,
      unavailable_reason: 'disabled',
      switch: { reason, changed_by: 'ops@example.com' },
    });
    const [row] = await auditRows();
    expect(row).toMatchObject({
      action: 'model_disable',
      operatorId: admin.operator.userId,
      targetUserId: null,
      reason,
      before: { model: TEST_MODEL_ID, enabled: true },
      after: { model: TEST_MODEL_ID, enabled: false },
    });
    await waitFor(async () => (await availableOn(second)) === false, 3_000);
    const refused = await submitOn(second);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'MODEL_UNAVAILABLE' });
    expect(await readCreditLedger(admin.ctx.database.db, admin.person.userId)).toEqual(before);
    expect((await submitOn(admin.ctx)).statusCode).toBe(503);
  });

  it('on again: every process accepts and charges as usual', async () => {
    const changed = await asOperator('PUT', `/admin/models/${TEST_MODEL_ID}`, {
      enabled: true,
      reason: 'Backend fixed',
    });
    expect(changed.statusCode).toBe(200);
    expect((await auditRows())[0]).toMatchObject({
      action: 'model_enable',
      before: { enabled: false },
      after: { enabled: true },
    });
    await waitFor(async () => (await availableOn(second)) === true, 3_000);
    const accepted = await submitOn(second);
    expect(accepted.statusCode).toBe(200);
    expect((await readCreditLedger(admin.ctx.database.db, admin.person.userId)).balance).toBe(4);
  });
});
