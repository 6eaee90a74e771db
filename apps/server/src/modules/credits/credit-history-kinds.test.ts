import { getCreditHistoryResponseSchema } from '@nocturne/contract/credits/get-credit-history';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../generations/generations-tables';
import { insertCompletedSource, startDeriveApp } from '../../../test/derive-fixtures';
import { maskPng } from '../../../test/inpaint-fixtures';

/** Credit history says what each generation line made and the prompts its images got (issue 44). */
describe('credit history: what a line made and the prompts it got', () => {
  let setup: Awaited<ReturnType<typeof startDeriveApp>>;
  beforeAll(async () => {
    setup = await startDeriveApp();
  });
  afterAll(() => setup.ctx.close());

  const historyOf = async (token: string) =>
    getCreditHistoryResponseSchema.parse(
      (
        await setup.ctx.app.inject({
          method: 'GET',
          url: '/api/v1/credits/history',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    ).history;

  it('names generations, variations and upscales, each with its prompt', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId, { prompt: 'a quiet harbour' });
    const vary = await derive(alice.token, source.id, 'variations', { strength: 'subtle' });
    expect(vary.statusCode).toBe(200);
    const upscale = await derive(alice.token, source.id, 'upscale', { factor: 2 });
    expect(upscale.statusCode).toBe(200);
    const lines = await historyOf(alice.token);
    expect(lines.slice(0, 2).map(({ reason, kind, prompt }) => ({ reason, kind, prompt }))).toEqual(
      [
        { reason: 'generation', kind: 'upscale', prompt: 'a quiet harbour' },
        { reason: 'generation', kind: 'variation', prompt: 'a quiet harbour' },
      ],
    );
    // Lines that are not about generations make nothing.
    expect(lines.at(-1)).toMatchObject({ reason: 'adjustment', kind: null, prompt: null });
  });

  it("reads an inpaint's line within the history's schema, with its prompt and price", async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId, { prompt: 'a quiet harbour' });
    const inpaint = await derive(alice.token, source.id, 'inpaint', {
      mask: (await maskPng(64, 64)).toString('base64'),
      prompt: 'a red boat',
    });
    expect(inpaint.statusCode).toBe(200);
    const [line] = await historyOf(alice.token);
    expect(line).toMatchObject({
      reason: 'generation',
      kind: 'inpaint',
      amount: -1,
      prompt: 'a red boat',
    });
  });

  it("shows the prompts a batch's images got, never the template with its choices", async () => {
    const { ctx, bob } = setup;
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${bob.token}` },
      payload: { content_prompt: 'a {red|blue|green|golden} owl', image_count: 4, model: 'turbo' },
    });
    expect(submit.statusCode).toBe(200);
    const { requestId } = submit.json<{ requestId: string }>();
    const rows = await ctx.database.db
      .select({ index: generations.imageIndex, prompt: generations.expandedPrompt })
      .from(generations)
      .where(eq(generations.requestId, requestId));
    const got = [...new Set(rows.sort((a, b) => a.index - b.index).map((row) => row.prompt ?? ''))];
    const [line] = await historyOf(bob.token);
    expect(line).toMatchObject({ reason: 'generation', kind: 'generation', image_count: 4 });
    expect(line?.prompt).toBe(got.join(' · '));
    expect(line?.prompt).not.toMatch(/[{}|]/);
  });
});
