import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations } from './generations-tables';
import { moderationBlockedTerms, promptRefusals } from '../moderation/moderation-tables';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  TINY_PNG,
  waitFor,
} from '../../../test/generation-worker-harness';
import { notifyRulesChanged } from '../moderation/moderation-rules';
import { startDeriveApp } from '../../../test/derive-fixtures';
import { refusedAtRenderReason, UNSUPPORTED_AT_RENDER_REASON } from './screen-at-render';
import { enqueuePrompt, generationRequest, TEST_QUEUE } from '../../../test/generation-request';
import { silentUnitOfWork } from '../../../test/silent-unit-of-work';

/**
 * Every way an image is made goes through one submit that screens the text the engine will
 * receive, and the worker screens it again before rendering (docs/decisions/076-one-submit-path.md).
 */
describe('one submit path: what is screened is what is rendered', () => {
  let setup: Awaited<ReturnType<typeof startDeriveApp>>;
  /** Every prompt the engines were asked to render, in order. */
  const rendered: string[] = [];
  beforeAll(async () => {
    setup = await startDeriveApp();
    await giveCredits(setup.ctx.database.db, setup.alice.userId, 20);
  });
  afterAll(() => setup.ctx.close());
  beforeEach(async () => {
    rendered.length = 0;
    await setup.ctx.database.db.delete(moderationBlockedTerms);
    await setup.ctx.app.moderation.rules.reload();
  });

  const db = () => setup.ctx.database.db;
  const call = (token: string, url: string, payload: object = {}) =>
    setup.ctx.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const rowsOf = (requestId: string) =>
    db().select().from(generations).where(eq(generations.requestId, requestId));
  const oneRow = async (response: { json<T>(): T }) => {
    const [row] = await rowsOf(response.json<{ requestId: string }>().requestId);
    if (!row) throw new Error('no row');
    return row;
  };
  const refusalsOf = (userId: string) =>
    db().select().from(promptRefusals).where(eq(promptRefusals.userId, userId));

  /** A worker on the derive models whose engines record each prompt they are asked to render. */
  async function renderQueued() {
    const recording = (description: ImageGenerator['describe']) => ({
      ...fakeEngine((_signal, request: GenerateRequest) => {
        rendered.push(request.prompt);
        return TINY_PNG;
      }),
      describe: description,
    });
    const engines = new Map(
      [...setup.ctx.app.models.engines].map(([id, engine]) => [id, recording(engine.describe)]),
    );
    const worker = startTestWorker({
      database: setup.ctx.database,
      images: setup.ctx.app.images,
      engines,
      rules: setup.ctx.app.moderation.rules,
    });
    await waitFor(async () => {
      const open = await db()
        .select({ id: generations.id })
        .from(generations)
        .where(eq(generations.status, 'queued'));
      return open.length === 0;
    });
    await worker.stop();
  }

  /** An operator's blocked term, in force at once in this process (as the console's route does). */
  async function blockTerm(term: string) {
    await db().transaction(async (tx) => {
      await tx.insert(moderationBlockedTerms).values({ term, kind: 'inherent', createdBy: 'test' });
      await notifyRulesChanged(tx);
    });
    await setup.ctx.app.moderation.rules.reload();
  }

  it('renders a choice template only as the source was rendered: Vary, Upscale, retry and "use these settings"', async () => {
    const { alice } = setup;
    // Seed 4 picks "r": the source is "a rude child", allowed. Another seed would pick "n".
    const source = await oneRow(
      await call(alice.token, '/generate', { content_prompt: 'a {r|n}ude child', seed: 4 }),
    );
    expect(source.expandedPrompt).toBe('a rude child');
    await renderQueued();
    expect(rendered).toEqual(['a rude child']);

    // Eight variations and an upscale, rendered three at a time (the queue's per-person room).
    const derived = [];
    rendered.length = 0;
    for (let index = 0; index < 9; index += 1) {
      const response =
        index === 8
          ? await call(alice.token, `/generations/${source.id}/upscale`, { factor: 2 })
          : await call(alice.token, `/generations/${source.id}/variations`, {
              strength: index % 2 === 0 ? 'subtle' : 'strong',
            });
      expect(response.statusCode).toBe(200);
      derived.push(await oneRow(response));
      if (index % 3 === 2) await renderQueued();
    }
    // Variations draw new seeds; none picks another option of the template.
    expect(new Set(derived.map((row) => row.seed)).size).toBeGreaterThan(1);
    expect(derived.map((row) => row.expandedPrompt)).toEqual(Array(9).fill('a rude child'));
    expect(rendered).toEqual(Array(9).fill('a rude child'));

    // "Use these settings": the same template and seed again.
    const again = await oneRow(
      await call(alice.token, '/generate', { content_prompt: 'a {r|n}ude child', seed: 4 }),
    );
    expect(again.expandedPrompt).toBe('a rude child');
    await db()
      .update(generations)
      .set({ status: 'failed', error: 'engine failed', lockedBy: null, lockedUntil: null })
      .where(eq(generations.id, again.id));
    const retried = await call(alice.token, `/generations/${again.id}/retry`);
    expect(retried.statusCode).toBe(200);
    rendered.length = 0;
    await renderQueued();
    expect(rendered).toEqual(['a rude child']);
    expect(await refusalsOf(alice.userId)).toEqual([]);
  });

  it('refuses, records and never charges on every path once the rules refuse the prompt', async () => {
    const { bob, ledgerOf } = setup;
    const prompt = 'a quiet harbour with a zarnigrove';
    const completed = await oneRow(await call(bob.token, '/generate', { content_prompt: prompt }));
    const failed = await oneRow(await call(bob.token, '/generate', { content_prompt: prompt }));
    await renderQueued();
    await db()
      .update(generations)
      .set({ status: 'failed', error: 'engine failed' })
      .where(eq(generations.id, failed.id));
    await blockTerm('zarnigrove');
    const before = await ledgerOf(bob.userId);

    const attempts = {
      generate: await call(bob.token, '/generate', { content_prompt: prompt }),
      variation: await call(bob.token, `/generations/${completed.id}/variations`, {
        strength: 'subtle',
      }),
      upscale: await call(bob.token, `/generations/${completed.id}/upscale`, { factor: 2 }),
      retry: await call(bob.token, `/generations/${failed.id}/retry`),
    };
    for (const [path, response] of Object.entries(attempts)) {
      expect({ path, status: response.statusCode, error: response.json().error }).toEqual({
        path,
        status: 422,
        error: 'CONTENT_POLICY_VIOLATION',
      });
    }
    expect(await ledgerOf(bob.userId)).toEqual(before);
    const refusals = await refusalsOf(bob.userId);
    expect(refusals.map((refusal) => refusal.contentPrompt)).toEqual(Array(4).fill(prompt));
    expect(refusals.every((refusal) => refusal.matchedTerms.includes('zarnigrove'))).toBe(true);
  });

  it('refuses at render a queued job whose prompt the rules came to refuse: failed, refunded, recorded', async () => {
    const { alice, ledgerOf } = setup;
    const prompt = 'a lantern beside a vellowisp';
    const queued = await oneRow(await call(alice.token, '/generate', { content_prompt: prompt }));
    const charged = await ledgerOf(alice.userId);
    await blockTerm('vellowisp');
    await renderQueued();

    expect(rendered).toEqual([]);
    const [row] = await db().select().from(generations).where(eq(generations.id, queued.id));
    expect(row).toMatchObject({
      status: 'failed',
      error: refusedAtRenderReason('sexualised_minor', ['vellowisp']),
      failureKind: 'refused',
      failureDetail: 'sexualised_minor: vellowisp',
    });
    expect((await ledgerOf(alice.userId)).balance).toBe((charged.balance ?? 0) + 1);
    const refusals = await db()
      .select()
      .from(promptRefusals)
      .where(
        and(eq(promptRefusals.userId, alice.userId), eq(promptRefusals.contentPrompt, prompt)),
      );
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.matchedTerms).toEqual(['vellowisp']);
  });

  it('quotes at render the person’s own words, as written, and records them beside the term', async () => {
    const { alice } = setup;
    const prompt = 'a lantern beside a Quarnélight';
    const queued = await oneRow(await call(alice.token, '/generate', { content_prompt: prompt }));
    await blockTerm('quarnelight');
    await renderQueued();

    const [row] = await db().select().from(generations).where(eq(generations.id, queued.id));
    expect(row?.error).toBe(refusedAtRenderReason('sexualised_minor', ['Quarnélight']));
    const [refusal] = await db()
      .select()
      .from(promptRefusals)
      .where(
        and(eq(promptRefusals.userId, alice.userId), eq(promptRefusals.contentPrompt, prompt)),
      );
    expect(refusal).toMatchObject({ matchedTerms: ['quarnelight'], matchedWords: ['Quarnélight'] });
  });

  it('declines at render a queued prompt the rules cannot read, refunded and not counted as a refusal', async () => {
    const { alice, ledgerOf } = setup;
    // Queued without the submit's screen, as a path that skipped it would leave it.
    const { images } = await enqueuePrompt({
      unitOfWork: silentUnitOfWork(db()),
      userId: alice.userId,
      request: generationRequest({ content_prompt: 'ქართული სოფელი მთებში', model: 'turbo' }),
      queue: { ...TEST_QUEUE, models: setup.ctx.app.models.submit },
    });
    const queued = images[0]!;
    const charged = await ledgerOf(alice.userId);
    const refusalsBefore = (await refusalsOf(alice.userId)).length;
    await renderQueued();

    expect(rendered).toEqual([]);
    const [row] = await db().select().from(generations).where(eq(generations.id, queued.id));
    expect(row).toMatchObject({ status: 'failed', error: UNSUPPORTED_AT_RENDER_REASON });
    expect((await ledgerOf(alice.userId)).balance).toBe((charged.balance ?? 0) + 1);
    expect(await refusalsOf(alice.userId)).toHaveLength(refusalsBefore);
  });
});
