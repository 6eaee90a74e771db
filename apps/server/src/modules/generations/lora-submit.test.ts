import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { generationSchema } from '@nocturne/contract/generations/generation';
import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import { generations } from './generations-tables';
import { promptRefusals } from '../moderation/moderation-tables';
import { insertCompletedSource } from '../../../test/derive-fixtures';
import { giveCredits, startTestWorker, waitFor } from '../../../test/generation-worker-harness';
import { startLoraApp } from '../../../test/lora-fixtures';

/** Catalog LoRAs: listed per model, chosen at submit, stored, rendered, kept by derived images. */
describe('LoRAs from the catalog', () => {
  let setup: Awaited<ReturnType<typeof startLoraApp>>;
  beforeAll(async () => {
    setup = await startLoraApp();
  });
  afterAll(() => setup.ctx.close());
  beforeEach(async () => {
    setup.received.length = 0;
    await giveCredits(setup.ctx.database.db, setup.free.userId, 10);
  });

  const rowsOf = (requestId: string) =>
    setup.ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.requestId, requestId))
      .orderBy(generations.imageIndex);
  const balanceOf = async (userId: string) => (await setup.ledgerOf(userId)).balance;

  async function runUntilDone(requestId: string) {
    const { ctx } = setup;
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engines: ctx.app.models.engines,
    });
    await waitFor(async () =>
      (await rowsOf(requestId)).every((row) => ['completed', 'failed'].includes(row.status)),
    );
    await worker.stop();
  }

  it('lists each model’s LoRAs, premium ones locked for free people only', async () => {
    const { call, free, premium } = setup;
    const lorasFor = async (token: string) => {
      const listed = listModelsResponseSchema.parse((await call(token, 'GET', '/models')).json());
      return listed.models.map((model) => [model.id, model.loras ?? []] as const);
    };
    const ink = {
      id: 'ink',
      name: 'Ink sketch',
      default_weight: 0.8,
      trigger_words: ['ink sketch', 'cross-hatching'],
      tier: 'free',
      locked: false,
    };
    const forFree = await lorasFor(free.token);
    expect(forFree[0]).toEqual(['turbo', []]);
    expect(forFree[1]?.[1]).toEqual([
      ink,
      expect.objectContaining({ id: 'child', locked: false }),
      {
        id: 'gilded',
        name: 'Gilded',
        default_weight: 1,
        trigger_words: [],
        tier: 'premium',
        locked: true,
      },
    ]);
    const forPremium = await lorasFor(premium.token);
    expect(forPremium[1]?.[1].map((lora) => lora.locked)).toEqual([false, false, false]);
  });

  it('adds the trigger words to the prompt, stores the LoRAs, renders them and shows them', async () => {
    const { call, free, received } = setup;
    const before = await balanceOf(free.userId);
    const response = await call(free.token, 'POST', '/generate', {
      content_prompt: 'a harbour at night, cross-hatching',
      model: 'sdxl',
      loras: [{ id: 'ink', weight: 0.6 }],
      image_count: 2,
    });
    expect(response.statusCode).toBe(200);
    const { requestId } = response.json<{ requestId: string }>();
    const rows = await rowsOf(requestId);
    // A trigger word the prompt already holds is not added twice.
    expect(rows.map((row) => row.expandedPrompt)).toEqual(
      Array(2).fill('a harbour at night, cross-hatching, ink sketch'),
    );
    expect(rows[0]?.loras).toEqual([
      { id: 'ink', name: 'Ink sketch', file: 'ink_sketch_v2.safetensors', weight: 0.6 },
    ]);
    expect(await balanceOf(free.userId)).toBe((before ?? 0) - 4);

    await runUntilDone(requestId);
    expect(received.map((request) => [request.prompt, request.loras])).toEqual(
      Array(2).fill([
        'a harbour at night, cross-hatching, ink sketch',
        [{ file: 'ink_sketch_v2.safetensors', weight: 0.6 }],
      ]),
    );
    const detail = generationSchema.parse(
      (await call(free.token, 'GET', `/generations/${rows[0]!.id}`)).json(),
    );
    expect(detail.loras).toEqual([{ id: 'ink', name: 'Ink sketch', weight: 0.6 }]);
    const history = (await call(free.token, 'GET', '/generations')).json<{
      generations: { request_id: string; loras: unknown }[];
    }>();
    const entry = history.generations.find((image) => image.request_id === requestId);
    expect(entry?.loras).toEqual([{ id: 'ink', name: 'Ink sketch', weight: 0.6 }]);
  });

  it('answers a replayed Idempotency-Key once, and refuses it with other LoRAs', async () => {
    const { ctx, free } = setup;
    const submit = (weight: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { authorization: `Bearer ${free.token}`, 'idempotency-key': 'lora-replay-1' },
        payload: { content_prompt: 'a harbour', model: 'sdxl', loras: [{ id: 'ink', weight }] },
      });
    const first = await submit(0.5);
    expect(first.statusCode).toBe(200);
    const again = await submit(0.5);
    expect(again.json()).toEqual(first.json());
    const other = await submit(1);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('refuses an unknown LoRA with 422 UNKNOWN_LORA before any charge', async () => {
    const { call, free } = setup;
    const before = await setup.ledgerOf(free.userId);
    for (const [model, lora] of [
      ['sdxl', 'sepia'],
      ['turbo', 'ink'],
    ]) {
      const response = await call(free.token, 'POST', '/generate', {
        content_prompt: 'a harbour',
        model,
        loras: [{ id: lora, weight: 1 }],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: 'UNKNOWN_LORA',
        message: PRODUCT_ERRORS.UNKNOWN_LORA.message,
      });
    }
    expect(await setup.ledgerOf(free.userId)).toEqual(before);
  });

  it('refuses a premium LoRA to a free person with 403, and charges a premium person nothing', async () => {
    const { call, free, premium } = setup;
    const before = await setup.ledgerOf(free.userId);
    const body = {
      content_prompt: 'a harbour',
      model: 'sdxl',
      loras: [{ id: 'gilded', weight: 1 }],
    };
    const refused = await call(free.token, 'POST', '/generate', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'LORA_REQUIRES_PREMIUM',
      message: PRODUCT_ERRORS.LORA_REQUIRES_PREMIUM.message,
    });
    expect(await setup.ledgerOf(free.userId)).toEqual(before);
    expect(await rowsOf('none')).toEqual([]);
    const accepted = await call(premium.token, 'POST', '/generate', body);
    expect(accepted.statusCode).toBe(200);
    expect((await setup.ledgerOf(premium.userId)).balance).toBe(0);
  });

  it('validates the choice: at most 3, each once, weight -2 to 2, with its model', async () => {
    const { call, free } = setup;
    const submit = (extra: object) =>
      call(free.token, 'POST', '/generate', {
        content_prompt: 'a harbour',
        model: 'sdxl',
        ...extra,
      });
    const four = ['ink', 'child', 'gilded', 'ink'].map((id) => ({ id, weight: 1 }));
    for (const loras of [
      four,
      [
        { id: 'ink', weight: 1 },
        { id: 'ink', weight: 0.5 },
      ],
      [{ id: 'ink', weight: 2.5 }],
    ]) {
      const response = await submit({ loras });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    const withoutModel = await call(free.token, 'POST', '/generate', {
      content_prompt: 'a harbour',
      loras: [{ id: 'ink', weight: 1 }],
    });
    expect(withoutModel.statusCode).toBe(422);
    expect(withoutModel.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('screens the trigger words with the prompt: a refused pair costs nothing and is recorded', async () => {
    const { call, free, ctx } = setup;
    const before = await setup.ledgerOf(free.userId);
    const response = await call(free.token, 'POST', '/generate', {
      content_prompt: 'a nude portrait',
      model: 'sdxl',
      loras: [{ id: 'child', weight: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'CONTENT_POLICY_VIOLATION' });
    expect(await setup.ledgerOf(free.userId)).toEqual(before);
    const refusals = await ctx.database.db
      .select()
      .from(promptRefusals)
      .where(eq(promptRefusals.userId, free.userId));
    expect(refusals.map((refusal) => refusal.contentPrompt)).toEqual(['a nude portrait, toddler']);
  });

  it('refuses a prompt its trigger words take past the limit, before any charge', async () => {
    const { call, free, ctx } = setup;
    const before = await setup.ledgerOf(free.userId);
    const prompt = 'a quiet harbour at night, '.repeat(38).trim();
    expect(prompt.length).toBeLessThanOrEqual(1000);
    const response = await call(free.token, 'POST', '/generate', {
      content_prompt: prompt,
      model: 'sdxl',
      loras: [{ id: 'ink', weight: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: expect.stringContaining('once its LoRAs’ trigger words are put in'),
    });
    expect(await setup.ledgerOf(free.userId)).toEqual(before);
    const rows = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.contentPrompt, prompt));
    expect(rows).toEqual([]);
  });

  it('keeps the source’s LoRAs and prompt on a variation and an upscale', async () => {
    const { call, free, ctx } = setup;
    const source = await insertCompletedSource(ctx, free.userId, {
      model: 'sdxl',
      prompt: 'a harbour',
    });
    const loras = [
      { id: 'ink', name: 'Ink sketch', file: 'ink_sketch_v2.safetensors', weight: 1.2 },
    ];
    await ctx.database.db
      .update(generations)
      .set({ loras, expandedPrompt: 'a harbour, ink sketch, cross-hatching' })
      .where(eq(generations.id, source.id));
    for (const [action, payload] of [
      ['variations', { strength: 'subtle' }],
      ['upscale', { factor: 2 }],
    ] as const) {
      const response = await call(
        free.token,
        'POST',
        `/generations/${source.id}/${action}`,
        payload,
      );
      expect(response.statusCode).toBe(200);
      const [row] = await rowsOf(response.json<{ requestId: string }>().requestId);
      expect(row).toMatchObject({ loras, expandedPrompt: 'a harbour, ink sketch, cross-hatching' });
    }
  });
});
