import { ENGINE_OPTION_NAMES } from '@nocturne/contract/generations/generation-options';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import { optionsHelpers, type Person } from '../../../test/generation-options-fixtures';

/** A backend that honours nothing beyond the prompt: it reports every option ignored. */
function engineIgnoringEverything(): ImageGenerator {
  const engine = fakeEngine(() => TINY_PNG);
  return {
    ...engine,
    async generate(request, options) {
      const image = await engine.generate(request, options);
      return { ...image, ignoredOptions: [...ENGINE_OPTION_NAMES] };
    },
  };
}

describe('ignored_options names only what the person chose', () => {
  let ctx: TestApp;
  let alice: Person;
  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: engineIgnoringEverything() });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    await giveCredits(ctx.database.db, alice.userId, 10);
  });
  afterAll(async () => ctx.close());

  const { generate, call, runUntilDone } = optionsHelpers(() => ctx);

  async function ignoredFor(body: object) {
    const response = await generate(alice.token, body);
    expect(response.statusCode).toBe(200);
    const { requestId } = response.json<{ requestId: string }>();
    await runUntilDone(requestId);
    const row = (await call('GET', `/generations/${requestId}`, alice.token)).json<{
      status: string;
      ignored_options: string[];
    }>();
    expect(row.status).toBe('completed');
    return row.ignored_options;
  }

  it('a style preset with nothing else chosen reports nothing (its own negative prompt is not the person’s)', async () => {
    expect(await ignoredFor({ style: 'cinematic' })).toEqual([]);
  });

  it('defaults and the server-drawn seed are not choices', async () => {
    expect(await ignoredFor({ aspect_ratio: '1:1', quality: 'balanced' })).toEqual([]);
  });

  it('reports each option the person set', async () => {
    expect(
      await ignoredFor({
        negative_prompt: 'blurry',
        seed: 42,
        aspect_ratio: '16:9',
        quality: 'best',
        style: 'anime',
      }),
    ).toEqual(['negative_prompt', 'seed', 'aspect_ratio', 'quality']);
    expect(await ignoredFor({ seed: 0 })).toEqual(['seed']);
  });
});
