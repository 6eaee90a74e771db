import { landingSamplesResponseSchema } from '@nocturne/contract/admin/landing-samples';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { encodePng } from '@nocturne/imagegen/png/encode-png';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { TINY_PNG } from '../../../test/generation-worker-harness';
import { adminAudit } from '../admin-audit/admin-audit-tables';
import { favorites } from '../generations/generations-tables';

type Person = { token: string; userId: string };

/** Landing samples: chosen from the operator's own favorites, served publicly by sample id only. */
describe('landing samples (PUT /api/v1/admin/landing-samples, GET /landing/samples)', () => {
  let ctx: TestApp;
  let ops: Person;
  let alice: Person;
  let owl: string;
  let fox: string;
  let alicesFavorite: string;
  let alicesKey: string;

  async function favorite(userId: string, prompt: string, png: Buffer = TINY_PNG) {
    const imagePath = await ctx.app.images.save(png);
    const [row] = await ctx.database.db
      .insert(favorites)
      .values({ userId, sourcePrompt: prompt, contentPrompt: `${prompt}, detailed`, imagePath })
      .returning();
    return row!;
  }

  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        RATE_LIMIT_PER_MINUTE: '10000',
        OPERATOR_EMAILS: 'ops@example.com',
        OPERATOR_REQUIRE_TWO_FACTOR: 'false',
      },
    });
    ops = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'ops@example.com');
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    owl = (await favorite(ops.userId, 'a moonlit owl')).id;
    fox = (await favorite(ops.userId, 'a fox in snow')).id;
    const hers = await favorite(alice.userId, 'alice private');
    alicesFavorite = hers.id;
    alicesKey = hers.imagePath;
  });
  afterAll(() => ctx.close());

  const choose = (who: Person, ids: string[]) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/landing-samples',
      headers: { authorization: `Bearer ${who.token}` },
      payload: { favorite_ids: ids },
    });
  const publicList = async () =>
    landingSamplesResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/landing/samples' })).json(),
    ).samples;
  const auditRows = () => ctx.database.db.select().from(adminAudit).orderBy(desc(adminAudit.id));

  it('is empty until an operator chooses; others get 403 and change nothing', async () => {
    expect(await publicList()).toEqual([]);
    const response = await choose(alice, [alicesFavorite]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'OPERATOR_ONLY' });
    expect(await publicList()).toEqual([]);
    expect(await auditRows()).toHaveLength(0);
  });

  it("refuses someone else's favorite (422) and changes nothing", async () => {
    const response = await choose(ops, [owl, alicesFavorite]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(await publicList()).toEqual([]);
    expect(await auditRows()).toHaveLength(0);
  });

  it('shows the chosen favorites in order, each image public by its sample id, audited', async () => {
    const response = await choose(ops, [fox, owl]);
    expect(response.statusCode).toBe(200);
    const samples = await publicList();
    expect(samples.map((sample) => sample.prompt)).toEqual(['a fox in snow', 'a moonlit owl']);
    const image = await ctx.app.inject({ method: 'GET', url: samples[0]!.image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    const [last] = await auditRows();
    expect(last).toMatchObject({
      action: 'landing_samples_set',
      operatorId: ops.userId,
      before: [],
      after: [
        { favoriteId: fox, prompt: 'a fox in snow' },
        { favoriteId: owl, prompt: 'a moonlit owl' },
      ],
    });
  });

  it('exposes nothing but chosen samples: no favorite id, stored key or unknown id', async () => {
    for (const url of [
      `/landing/samples/${owl}.png`,
      `/landing/samples/${alicesFavorite}.png`,
      `/landing/samples/${alicesKey.replace('/', '')}`,
      '/landing/samples/..%2F..%2Fsecret.png',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('a new choice replaces the old and the old images stop being served', async () => {
    const [old] = await publicList();
    expect((await choose(ops, [owl])).statusCode).toBe(200);
    const samples = await publicList();
    expect(samples.map((sample) => sample.prompt)).toEqual(['a moonlit owl']);
    expect((await ctx.app.inject({ method: 'GET', url: old!.image_url })).statusCode).toBe(404);
    expect((await choose(ops, [])).statusCode).toBe(200);
    expect(await publicList()).toEqual([]);
  });

  it('refuses images of the preview model, naming them, and changes nothing', async () => {
    const marked = async (model: string) =>
      (
        await encodePng(
          { kind: 'rgb', data: new Uint8Array(8 * 8 * 3).fill(90), width: 8, height: 8 },
          { model, backend: 'onnx' },
        )
      ).png;
    const noise = (await favorite(ops.userId, 'coloured noise', await marked('preview'))).id;
    const half = (await favorite(ops.userId, 'more noise', await marked('preview-fp16'))).id;
    const real = (await favorite(ops.userId, 'a real owl', await marked('sd-turbo'))).id;
    const refused = await choose(ops, [real, noise, owl, half]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'LANDING_SAMPLE_FROM_PREVIEW',
      message: `${PRODUCT_ERRORS.LANDING_SAMPLE_FROM_PREVIEW.message} Made by the preview model: “coloured noise”, “more noise”.`,
      favorite_ids: [noise, half],
    });
    expect(await publicList()).toEqual([]);
    expect((await choose(ops, [real, owl])).statusCode).toBe(200);
    expect((await publicList()).map((sample) => sample.prompt)).toEqual([
      'a real owl',
      'a moonlit owl',
    ]);
  });
});
