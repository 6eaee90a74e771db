import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { user } from '../auth/auth-tables';
import { createAgeConfirmationCheck } from './age-confirmation-check';

describe('the 18+ check', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Accounts from before the confirmation was recorded have none (the column made optional).
    await ctx.database.db.execute(
      sql`alter table "user" alter column age_confirmed_at drop not null`,
    );
  });
  afterAll(() => ctx.close());

  const setConfirmation = (userId: string, at: Date | null) =>
    ctx.database.db
      .update(user)
      .set({ ageConfirmedAt: at ?? sql`null` })
      .where(eq(user.id, userId));

  it('asks the database once for a person who has confirmed, then remembers them', async () => {
    const ada = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'ada@example.com');
    const check = createAgeConfirmationCheck(ctx.database.db);
    await check(ada.userId);
    // Were the database asked again, this would now refuse; a confirmation is never withdrawn.
    await setConfirmation(ada.userId, null);
    await expect(check(ada.userId)).resolves.toBeUndefined();
    // Another process (a new check) asks the database.
    await expect(createAgeConfirmationCheck(ctx.database.db)(ada.userId)).rejects.toMatchObject({
      code: 'AGE_CONFIRMATION_REQUIRED',
    });
  });

  it('asks again every time for a person who has not confirmed', async () => {
    const ben = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'ben@example.com');
    await setConfirmation(ben.userId, null);
    const check = createAgeConfirmationCheck(ctx.database.db);
    await expect(check(ben.userId)).rejects.toMatchObject({ code: 'AGE_CONFIRMATION_REQUIRED' });
    await expect(check(ben.userId)).rejects.toMatchObject({ code: 'AGE_CONFIRMATION_REQUIRED' });
    await setConfirmation(ben.userId, new Date());
    await expect(check(ben.userId)).resolves.toBeUndefined();
  });

  it('keeps at most its bound of people, forgetting the longest-known first', async () => {
    const [cy, di] = [
      await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'cy@example.com'),
      await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'di@example.com'),
    ];
    const check = createAgeConfirmationCheck(ctx.database.db, 1);
    await check(cy.userId);
    await check(di.userId);
    await setConfirmation(cy.userId, null);
    await setConfirmation(di.userId, null);
    await expect(check(di.userId)).resolves.toBeUndefined();
    await expect(check(cy.userId)).rejects.toMatchObject({ code: 'AGE_CONFIRMATION_REQUIRED' });
  });

  it('refuses an account that does not exist', async () => {
    await expect(createAgeConfirmationCheck(ctx.database.db)('no-such-user')).rejects.toMatchObject(
      { code: 'UNAUTHORIZED' },
    );
  });
});
