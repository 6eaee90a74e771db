import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signIn } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { createAuthCallScope } from './auth-call-scope';

/**
 * Whether V8's promise hooks are on: with them, a promise continuation runs in an async context
 * of its own; without them, in none (id 0). Measured from a fresh macrotask.
 */
function promiseHooksOn(): Promise<boolean> {
  return new Promise((resolve) => {
    setImmediate(() => {
      void (async () => {
        await null;
        resolve(executionAsyncId() !== 0);
      })();
    });
  });
}

const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

describe('auth call scope', () => {
  it('keeps the store for every call in flight and turns the hooks off after the last', async () => {
    const storage = new AsyncLocalStorage<string>();
    const scope = createAuthCallScope([storage]);
    let releaseLong!: () => void;
    const longGate = new Promise<void>((resolve) => (releaseLong = resolve));
    const long = scope.run(() =>
      storage.run('long', async () => {
        await longGate;
        await nextMacrotask();
        return storage.getStore();
      }),
    );
    const short = await scope.run(() =>
      storage.run('short', async () => {
        await nextMacrotask();
        return storage.getStore();
      }),
    );
    expect(short).toBe('short');
    // The short call settled while the long one was in flight: its store must survive.
    expect(await promiseHooksOn()).toBe(true);
    releaseLong();
    expect(await long).toBe('long');
    await nextMacrotask();
    expect(await promiseHooksOn()).toBe(false);
  });

  it('turns the hooks off after a call that throws', async () => {
    const storage = new AsyncLocalStorage<string>();
    const scope = createAuthCallScope([storage]);
    await expect(
      scope.run(() =>
        storage.run('failing', async () => {
          await null;
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    await nextMacrotask();
    expect(await promiseHooksOn()).toBe(false);
  });
});

describe('the app with better-auth', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('leaves the promise hooks off once sign-up, sign-in, tokens and API calls are done', async () => {
    const people = await Promise.all(
      ['hooks-a@example.com', 'hooks-b@example.com', 'hooks-c@example.com'].map((email) =>
        createVerifiedUser(ctx.app, ctx.env.DATA_DIR, email),
      ),
    );
    // Concurrent sign-ins and an API call with a fresh token (the token check loads the JWKS
    // through better-auth the first time).
    const answers = await Promise.all([
      signIn(ctx.app, 'hooks-a@example.com'),
      signIn(ctx.app, 'hooks-b@example.com'),
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/preferences',
        headers: { authorization: `Bearer ${people[2]!.token}` },
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: people[0]!.cookie },
    });
    expect(session.json<{ user: { email: string } }>().user.email).toBe('hooks-a@example.com');
    await nextMacrotask();
    expect(await promiseHooksOn()).toBe(false);
  });
});
