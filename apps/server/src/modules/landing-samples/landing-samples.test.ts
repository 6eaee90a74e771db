import { landingSamplesResponseSchema } from '@nocturne/contract/admin/landing-samples';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { TINY_PNG } from '../../../test/generation-worker-harness';
import { adminAudit } from '../../db/admin-schema';
import { favorites } from '../../db/generations-schema';

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

  async function favorite(userId: string, prompt: string) {
    const imagePath = await ctx.app.images.save(TINY_PNG);
    const [row] = await ctx.database.db
      .insert(favorites)
      .values({ userId, sourcePrompt: prompt, contentPrompt: `${prompt}, detailed`, imagePath })
      .returning();
    return row!;
  }

  beforeAll(async () => {
    ctx = await createTestApp({
      rateLimits: { globalPerMinute: 10_000 },
      env: { OPERATOR_EMAILS: 'ops@example.com', OPERATOR_REQUIRE_TWO_FACTOR: 'false' },
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
});
