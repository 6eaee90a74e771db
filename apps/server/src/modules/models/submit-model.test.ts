import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../generations/generations-tables';
import { keepModelsLive } from '../../../test/test-models';
import { startCatalogApp } from '../../../test/model-catalog-fixtures';

/** POST /generate with `model`: each refusal before any charge, the model's cost × count. */
describe('submitting to a catalog model', () => {
  let setup: Awaited<ReturnType<typeof startCatalogApp>>;
  beforeAll(async () => {
    setup = await startCatalogApp({ live: ['turbo', 'studio'] });
  });
  afterAll(() => setup.ctx.close());

  const generate = (token: string, body: object) =>
    setup.call(token, 'POST', '/generate', { content_prompt: 'a lighthouse', ...body });
  const rowsOf = (userId: string) =>
    setup.ctx.database.db.select().from(generations).where(eq(generations.userId, userId));

  it.each([
    [{ model: 'no-such-model' }, 422, 'UNKNOWN_MODEL'],
    [{ model: 'studio' }, 403, 'MODEL_REQUIRES_PREMIUM'],
    [{ model: 'detail' }, 503, 'MODEL_UNAVAILABLE'],
  ])('%j → %i %s, nothing charged or queued', async (body, status, code) => {
    const before = await setup.ledgerOf(setup.free.userId);
    const response = await generate(setup.free.token, { ...body, image_count: 2 });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: code, message: expect.any(String) });
    const after = await setup.ledgerOf(setup.free.userId);
    expect(after.balance).toBe(before.balance);
    expect(after.entries).toHaveLength(before.entries.length);
    expect(await rowsOf(setup.free.userId)).toHaveLength(0);
  });

  it('debits credit_cost × image_count and gives it back on cancel', async () => {
    await setup.ctx.database.db.delete(generations);
    await keepModelsLive(setup.ctx.database.db, ['detail']);
    const response = await generate(setup.free.token, { model: 'detail', image_count: 3 });
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf(setup.free.userId);
    expect(rows.map((row) => row.model)).toEqual(['detail', 'detail', 'detail']);
    const charged = await setup.ledgerOf(setup.free.userId);
    expect(charged.balance).toBe(10 - 2 * 3);
    expect(
      charged.entries.filter((entry) => entry.reason === 'generation').map((e) => e.amount),
    ).toEqual([-2, -2, -2]);
    const listed = await setup.call(setup.free.token, 'GET', `/generations/${rows[0]!.id}`);
    expect(listed.json()).toMatchObject({ model: 'detail' });

    const cancelled = await setup.call(
      setup.free.token,
      'POST',
      `/generations/${rows[0]!.requestId}/cancel`,
      {},
    );
    expect(cancelled.statusCode).toBe(200);
    const after = await setup.ledgerOf(setup.free.userId);
    expect(after.balance).toBe(10);
    expect(after.ledgerSum).toBe(10);
  });

  it('uses the plan default without `model`; premium people are never charged', async () => {
    const free = await generate(setup.free.token, {});
    expect(free.statusCode).toBe(200);
    const premium = await generate(setup.premium.token, { image_count: 2 });
    expect(premium.statusCode).toBe(200);
    const premiumRows = await rowsOf(setup.premium.userId);
    expect(premiumRows.map((row) => row.model)).toEqual(['studio', 'studio']);
    expect((await setup.ledgerOf(setup.premium.userId)).entries).toHaveLength(0);
    const freeRows = await rowsOf(setup.free.userId);
    expect(freeRows.filter((row) => row.status === 'queued').map((row) => row.model)).toContain(
      'turbo',
    );
  });
});
