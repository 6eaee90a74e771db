import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signIn, TEST_PASSWORD } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { account } from './auth-tables';

async function storedHash(ctx: TestApp, userId: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ password: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  if (!row?.password) throw new Error(`no password stored for ${userId}`);
  return row.password;
}

// Decision 069: the tests' apps hash cheaply through an option of buildApp; an app built without
// it, as every deployment is, must store what better-auth's own scrypt accepts.
describe('password hashing', () => {
  let production: TestApp;
  let cheap: TestApp;
  beforeAll(async () => {
    production = await createTestApp({ passwordHashing: 'production' });
    cheap = await createTestApp();
  });
  afterAll(async () => {
    await cheap.close();
    await production.close();
  });

  it("stores, by default, a hash that better-auth's own verifyPassword accepts", async () => {
    const { userId } = await createVerifiedUser(
      production.app,
      production.env.DATA_DIR,
      'p@example.com',
    );
    const hash = await storedHash(production, userId);
    expect(await verifyPassword({ hash, password: TEST_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash, password: `${TEST_PASSWORD}!` })).toBe(false);
  });

  it('hashes cheaply in the test apps, and still refuses a wrong password', async () => {
    const { userId } = await createVerifiedUser(cheap.app, cheap.env.DATA_DIR, 'c@example.com');
    // Another work factor: better-auth's default check does not take it.
    expect(
      await verifyPassword({ hash: await storedHash(cheap, userId), password: TEST_PASSWORD }),
    ).toBe(false);
    const wrong = await signIn(cheap.app, 'c@example.com', { password: `${TEST_PASSWORD}!` });
    expect(wrong.statusCode).toBe(401);
    expect((await signIn(cheap.app, 'c@example.com')).statusCode).toBe(200);
  });
});
