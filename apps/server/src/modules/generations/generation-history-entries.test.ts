import { findGenerationsResponseSchema } from '@nocturne/contract/generations/generation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from './generations-tables';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, giveCredits } from '../../../test/generation-worker-harness';

/** A submit of several images is one history entry, its images in order (issue 31 item 8). */
describe('generation history entries', () => {
  let ctx: TestApp;
  let person: { token: string; userId: string };
  let batch: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${person.token}` },
      payload,
    });
  const page = async (query: string) =>
    findGenerationsResponseSchema.parse((await call('GET', `/generations?${query}`)).json());
  const entries = (list: { request_id: string; image_index: number }[]) =>
    list.map((item) => `${item.request_id === batch ? 'batch' : 'single'}:${item.image_index}`);

  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: fakeEngine(() => new Promise(() => {})) });
    person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'entries@example.com');
    await giveCredits(ctx.database.db, person.userId, 10);
    const submit = async (body: object) =>
      (await call('POST', '/generate', { content_prompt: 'a fox', ...body })).json<{
        requestId: string;
      }>().requestId;
    await submit({});
    batch = await submit({ image_count: 4 });
  });
  afterAll(() => ctx.close());

  it('pages by submit: the batch is one entry with its four images in order', async () => {
    const first = await page('limit=1');
    expect(first.total).toBe(2);
    expect(entries(first.generations)).toEqual(['batch:0', 'batch:1', 'batch:2', 'batch:3']);
    const second = await page('limit=1&offset=1');
    expect(entries(second.generations)).toEqual(['single:0']);
    expect((await page('limit=1&offset=2')).generations).toEqual([]);
  });

  it('a status filter keeps the entry and shows its matching images only', async () => {
    await ctx.database.db
      .update(generations)
      .set({ status: 'failed', error: 'x' })
      .where(eq(generations.requestId, batch));
    await ctx.database.db
      .update(generations)
      .set({ status: 'queued', error: null })
      .where(eq(generations.id, (await page('limit=1')).generations[2]?.id ?? ''));
    const failed = await page('status=failed');
    expect(failed.total).toBe(1);
    expect(entries(failed.generations)).toEqual(['batch:0', 'batch:1', 'batch:3']);
    const queued = await page('status=queued');
    expect(queued.total).toBe(2);
    expect(entries(queued.generations)).toEqual(['batch:2', 'single:0']);
  });

  it('a batch whose first image was deleted is still one entry', async () => {
    const [firstImage] = (await page('limit=1')).generations;
    await ctx.database.db.delete(generations).where(eq(generations.id, firstImage?.id ?? ''));
    const all = await page('limit=20');
    expect(all.total).toBe(2);
    expect(entries(all.generations)).toEqual(['batch:1', 'batch:2', 'batch:3', 'single:0']);
  });
});
