import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import type { Database } from '../../db/database';
import { createPromptPolicy } from './check-prompt-policy';
import { createRefusalFreeCheck, screenPrompt } from './screen-prompt';

/**
 * The screen with its memory of refusal-free people, and no listener for prompt_refused: what
 * this process records must count here at once, whether or not a notification ever arrives.
 */
describe('screenPrompt and the refusal-free memory', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const policy = createPromptPolicy({ extraNames: [] });

  it('a refusal it records makes the person asked again at once: suspended after the sixth', async () => {
    const { db } = database;
    const userId = await insertTestUser(db);
    const refusalFree = createRefusalFreeCheck({ db, suspensionHours: 2, ttlMs: 60_000 });
    const screen = (contentPrompt: string) =>
      screenPrompt({
        db,
        policy,
        suspensionHours: 2,
        userId,
        prompt: { sourcePrompt: '', contentPrompt, negativePrompt: '' },
        assertAgeConfirmed: async () => undefined,
        refusalFree,
      });

    await screen('a moonlit owl');
    expect(await refusalFree.holds(userId)).toBe(true);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expect(screen(`naked k1d number ${attempt}`)).rejects.toMatchObject({
        code: 'CONTENT_POLICY_VIOLATION',
      });
    }
    await expect(screen('naked k1d number 6')).rejects.toMatchObject({
      code: 'GENERATION_SUSPENDED',
    });
    // Remembered as refusal-free before the refusals, were it not forgotten this would pass.
    await expect(screen('a moonlit owl')).rejects.toMatchObject({ code: 'GENERATION_SUSPENDED' });
  });
});
