import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/create-test-app';
import { promptsUnsupportedLanguage } from '../process-metrics/process-metrics';
import {
  contentRulesHelpers,
  startContentRulesApp,
  type Person,
} from '../../../test/content-rules-fixtures';

/** How many prompts in a script were declined so far in this process. */
async function declined(script: string): Promise<number> {
  const { values } = await promptsUnsupportedLanguage.get();
  return values.find((value) => value.labels.script === script)?.value ?? 0;
}

/** docs/decisions/074-unsupported-scripts-fail-closed.md, through POST /api/v1/generate. */
describe('a prompt in a script the rules cannot read, on /generate', () => {
  let ctx: TestApp;
  let alice: Person;

  beforeAll(async () => {
    ({ ctx, alice } = await startContentRulesApp());
  });
  afterAll(() => ctx.close());

  const { generate, balanceOf, refusalsOf, generationsOf } = contentRulesHelpers(() => ctx);

  it('is declined with 422 PROMPT_LANGUAGE_UNSUPPORTED: nothing charged, no refusal, counted apart', async () => {
    const before = await declined('georgian');
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const response = await generate(alice, `ლამაზი გოგონა მდინარესთან ${attempt}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: 'PROMPT_LANGUAGE_UNSUPPORTED',
        message: PRODUCT_ERRORS.PROMPT_LANGUAGE_UNSUPPORTED.message,
      });
    }
    expect(await balanceOf(alice)).toBe(5);
    expect(await generationsOf(alice)).toEqual([]);
    expect(await refusalsOf(alice)).toEqual([]);
    expect(await declined('georgian')).toBe(before + 7);
    // Seven declines are no refusals: nothing suspends the person, an ordinary prompt runs.
    expect((await generate(alice, 'a moonlit owl over a lake')).statusCode).toBe(200);
  });

  it('reads a few words of such a script inside a covered prompt by the normal rules', async () => {
    expect((await generate(alice, 'a lighthouse at dusk, ლამაზი')).statusCode).toBe(200);
    const refused = await generate(alice, 'nude child, ლამაზი');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'CONTENT_POLICY_VIOLATION' });
    expect(await refusalsOf(alice)).toHaveLength(1);
  });
});
