import {
  EXPORT_DATA_FILE,
  exportDataSchema,
} from '@nocturne/contract/account-data/export-user-data';
import {
  contentPolicyErrorSchema,
  PROMPT_LAST_REFUSAL_WARNING,
  PROMPT_REFUSAL_WARNING,
} from '@nocturne/contract/generations/content-policy';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import type { TestApp } from '../../../test/create-test-app';
import { giveCredits, waitFor } from '../../../test/generation-worker-harness';
import { readOutbox } from '../../../test/read-outbox';
import { readZip } from '../../../test/read-zip';
import { generations } from '../generations/generations-tables';
import { promptRefusals } from './moderation-tables';
import {
  contentRulesHelpers,
  startContentRulesApp,
  type Person,
} from '../../../test/content-rules-fixtures';
import { PROMPT_REFUSED_CHANNEL } from './screen-prompt';
import { TEST_MODEL_ID } from '../../../test/test-models';

const REFUSED_KID =
  'This prompt is not allowed by our content rules: sexual content involving a minor ("k1d", "naked").';

describe('content rules on /generate and retry', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    ({ ctx, alice, bob, carol } = await startContentRulesApp());
  });
  afterAll(() => ctx.close());

  const { db, call, generate, balanceOf, refusalsOf, generationsOf } = contentRulesHelpers(
    () => ctx,
  );

  it('refuses with 422 and the contract message, spends nothing and records the refusal', async () => {
    const response = await generate(alice, 'n u d e  t33n', 'blurry');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'CONTENT_POLICY_VIOLATION',
      message:
        'This prompt is not allowed by our content rules: sexual content involving a minor ("t33n", "n u d e").',
      refusals_before_suspension: 4,
    });
    expect(await balanceOf(alice)).toBe(5);
    expect(await generationsOf(alice)).toEqual([]);
    const [refusal] = await refusalsOf(alice);
    expect(refusal).toMatchObject({
      userId: alice.userId,
      contentPrompt: 'n u d e  t33n',
      negativePrompt: 'blurry',
      rule: 'sexualised_minor',
      matchedTerms: ['teen', 'nude'],
    });
    expect(refusal?.createdAt).toBeInstanceOf(Date);
  });

  it("names the rule and the words the person wrote, and records the lists' terms", async () => {
    const response = await generate(carol, 'niña desnuda en la playa');
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(
      'This prompt is not allowed by our content rules: sexual content involving a minor ("niña", "desnuda").',
    );
    const person = await generate(carol, 'Tayler Swfit, nude');
    expect(person.json<{ message: string }>().message).toBe(
      'This prompt is not allowed by our content rules: a sexual depiction of a real person ("Tayler Swfit", "nude").',
    );
    // The person's own words, once: not the lists' "una nina" beside them (issue 44, item 15).
    const accented = await generate(carol, 'Una NIÑA desnuda');
    expect(accented.json<{ message: string }>().message).toBe(
      'This prompt is not allowed by our content rules: sexual content involving a minor ("Una NIÑA", "desnuda").',
    );
    expect((await refusalsOf(carol)).map((row) => row.matchedTerms)).toEqual([
      ['niña', 'desnuda'],
      ['Taylor Swift', 'nude'],
      ['una nina', 'niña', 'desnuda'],
    ]);
    // Beside each term, the person's own words it matched, for operators.
    expect((await refusalsOf(carol)).map((row) => row.matchedWords)).toEqual([
      ['niña', 'desnuda'],
      ['Tayler Swfit', 'nude'],
      ['Una NIÑA', 'NIÑA', 'desnuda'],
    ]);
    await db().delete(promptRefusals).where(eq(promptRefusals.userId, carol.userId));
  });

  it('accepts a negative prompt that keeps minors out, refuses one that keeps adults out', async () => {
    const kept = await generate(alice, 'nude woman, bedroom', 'child, teen, loli');
    expect(kept.statusCode).toBe(200);
    const negated = await generate(alice, 'nude girl, bedroom', 'adult, mature');
    expect(negated.statusCode).toBe(422);
    expect((await refusalsOf(alice)).at(-1)).toMatchObject({ rule: 'negated_adulthood' });
  });

  it('refuses an over-long prompt instead of truncating it (nothing recorded or spent)', async () => {
    const before = await balanceOf(alice);
    const long = `a lake at dawn ${'x'.repeat(CONTENT_PROMPT_MAX_LENGTH)}`;
    const response = await generate(alice, long);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(await balanceOf(alice)).toBe(before);
    expect((await generationsOf(alice)).some((row) => row.contentPrompt.startsWith('a lake'))).toBe(
      false,
    );
  });

  it('refuses a retry whose prompt the rules now refuse, before charging', async () => {
    const [row] = await db()
      .insert(generations)
      .values({
        requestId: 'retry-me',
        userId: carol.userId,
        contentPrompt: 'sexy schoolgirl',
        model: TEST_MODEL_ID,
        status: 'failed',
      })
      .returning();
    const response = await call('POST', `/generations/${row!.id}/retry`, carol.token, {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'CONTENT_POLICY_VIOLATION',
      message:
        'This prompt is not allowed by our content rules: sexual content involving a minor ("schoolgirl", "sexy").',
    });
    expect(await balanceOf(carol)).toBe(5);
    expect((await generationsOf(carol))[0]?.status).toBe('failed');
    expect(await refusalsOf(carol)).toHaveLength(1);
  });

  it('warns after 3 refusals in 24 h, suspends after 5 (403 with Retry-After), then lets go', async () => {
    const messages: string[] = [];
    const left: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await generate(bob, `naked k1d number ${attempt}`);
      expect(response.statusCode).toBe(422);
      const body = contentPolicyErrorSchema.parse(response.json());
      messages.push(body.message);
      left.push(body.refusals_before_suspension);
    }
    expect(messages.slice(0, 3)).toEqual([REFUSED_KID, REFUSED_KID, REFUSED_KID]);
    // The fifth refusal says that the next one pauses generation: the person is told in time.
    expect(messages.slice(3)).toEqual([
      `${REFUSED_KID} ${PROMPT_REFUSAL_WARNING}`,
      `${REFUSED_KID} ${PROMPT_LAST_REFUSAL_WARNING}`,
    ]);
    expect(left).toEqual([4, 3, 2, 1, 0]);

    const sixth = await generate(bob, 'nude toddler');
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({
      error: 'GENERATION_SUSPENDED',
      message: PRODUCT_ERRORS.GENERATION_SUSPENDED.message,
    });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(2 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(2 * 3600);

    // Suspended: even an allowed prompt is refused, and nothing more is recorded or spent.
    const allowed = await generate(bob, 'a moonlit owl over a lake');
    expect(allowed.statusCode).toBe(403);
    expect(allowed.headers['retry-after']).toBeDefined();
    expect(await refusalsOf(bob)).toHaveLength(6);
    expect(await balanceOf(bob)).toBe(5);

    // PROMPT_SUSPENSION_HOURS (2 here) later the pause is over.
    await db().execute(
      sql`update prompt_refusals set created_at = created_at - interval '2 hours 1 minute' where user_id = ${bob.userId}`,
    );
    expect((await generate(bob, 'a moonlit owl over a lake')).statusCode).toBe(200);
  });

  it('remembers a person without refusals; one recorded by another process counts at its NOTIFY', async () => {
    const dave = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'dave@example.com');
    await giveCredits(db(), dave.userId, 5);
    expect((await generate(dave, 'a moonlit owl')).statusCode).toBe(200);
    // Another API process refuses six of dave's prompts: past the suspension threshold.
    await db()
      .insert(promptRefusals)
      .values(
        Array.from({ length: 6 }, (_, index) => ({
          userId: dave.userId,
          contentPrompt: `refused elsewhere ${index}`,
          rule: 'minors',
        })),
      );
    // Until that process's NOTIFY arrives, this one still knows dave as refusal-free (the read
    // it skips is what the memory is for)...
    expect((await generate(dave, 'a moonlit owl')).statusCode).toBe(200);
    let heard: () => void = () => undefined;
    const notified = new Promise<void>((resolve) => (heard = resolve));
    const unlisten = await ctx.database.listen(PROMPT_REFUSED_CHANNEL, (userId) => {
      if (userId === dave.userId) heard();
    });
    try {
      await db().execute(sql`select pg_notify(${PROMPT_REFUSED_CHANNEL}, ${dave.userId})`);
      await notified;
    } finally {
      await unlisten();
    }
    // ...and from it on (the app's own listener may hear it a moment after this one), the
    // suspension applies here too, charging nothing.
    await waitFor(async () => (await generate(dave, 'a moonlit owl')).statusCode === 403);
    const before = await balanceOf(dave);
    const suspended = await generate(dave, 'a moonlit owl');
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toMatchObject({ error: 'GENERATION_SUSPENDED' });
    expect(await balanceOf(dave)).toBe(before);
  });

  it('exports the refusals with the account and deletes them with it', async () => {
    const mailed = (await readOutbox(ctx.env.DATA_DIR, 'alice@example.com')).length;
    const exported = await call('GET', '/user/export', alice.token);
    // The export-ready mail is written after the stream: wait for it before the files go.
    await expect
      .poll(async () => (await readOutbox(ctx.env.DATA_DIR, 'alice@example.com')).length)
      .toBe(mailed + 1);
    const files = await readZip(exported.rawPayload);
    const data = exportDataSchema.parse(JSON.parse(files.get(EXPORT_DATA_FILE)!.toString('utf8')));
    expect(data.prompt_refusals.map((row) => row.content_prompt)).toEqual([
      'n u d e  t33n',
      'nude girl, bedroom',
    ]);
    expect(data.prompt_refusals[0]).toMatchObject({ matched_terms: ['teen', 'nude'] });
    expect(data.prompt_refusals[1]).toMatchObject({
      negative_prompt: 'adult, mature',
      rule: 'negated_adulthood',
      matched_terms: ['nude', 'adult'],
    });
    expect(JSON.stringify(data)).not.toContain('naked k1d');

    expect((await call('DELETE', '/user/account', alice.token)).statusCode).toBe(200);
    expect(await refusalsOf(alice)).toEqual([]);
    expect(await refusalsOf(bob)).toHaveLength(6);
  });
});
