import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/** Runs calls into better-auth and turns Node's promise hooks off again once none is in flight. */
export interface AuthCallScope {
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Disables the storages now if no call is in flight (after start-up work outside `run`). */
  releaseIfIdle(): void;
}

/**
 * better-auth keeps each call's state in AsyncLocalStorage. On Node 20, the first `run` of a
 * storage turns on V8's promise hooks for the whole process, and they stay on: every promise of
 * every request, auth or not, then pays for context tracking, about a tenth of GET /credits' CPU
 * (docs/decisions/036). Disabling every storage turns the hooks off again, and better-auth's next
 * `run` turns them back on. So calls into better-auth go through `run`, and when the last one in
 * flight settles, the storages are disabled.
 *
 * Sound because nothing of a call reads its storage after the call settles: better-auth awaits
 * its own background work unless `advanced.backgroundTasks` is configured (create-auth.ts does
 * not), and its routes await their after-transaction hooks.
 */
export function createAuthCallScope(
  storages: readonly AsyncLocalStorage<unknown>[],
): AuthCallScope {
  let inFlight = 0;
  const releaseIfIdle = () => {
    if (inFlight > 0) return;
    for (const storage of storages) storage.disable();
  };
  return {
    async run(call) {
      inFlight += 1;
      try {
        return await call();
      } finally {
        inFlight -= 1;
        releaseIfIdle();
      }
    },
    releaseIfIdle,
  };
}

/** better-auth's storages: the endpoint context, the request state and the adapter's transaction. */
export function betterAuthStorages(): Promise<AsyncLocalStorage<unknown>[]> {
  return Promise.all([
    // Deprecated as a way to read the context; it is still the one public handle on the storage.
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]) as Promise<AsyncLocalStorage<unknown>[]>;
}

interface AuthLike {
  handler: (request: Request) => Promise<Response>;
  api: object;
}

/**
 * `auth` with its handler and every `auth.api` endpoint called through `scope`, so no call site
 * can forget it. The endpoints stay themselves otherwise (their `path` and `options` are read by
 * the route fuzzer): each is wrapped in a proxy that only traps the call.
 */
export function scopeAuthCalls<T extends AuthLike>(auth: T, scope: AuthCallScope): T {
  const scoped = new WeakMap<object, unknown>();
  const scopedEndpoint = (endpoint: (...args: unknown[]) => unknown) => {
    let wrapped = scoped.get(endpoint);
    if (!wrapped) {
      wrapped = new Proxy(endpoint, {
        apply: (target, thisArg, args: unknown[]) =>
          scope.run(() => Promise.resolve(Reflect.apply(target, thisArg, args))),
      });
      scoped.set(endpoint, wrapped);
    }
    return wrapped;
  };
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function'
        ? scopedEndpoint(value as (...args: unknown[]) => unknown)
        : value;
    },
  });
  const handler = (request: Request) => scope.run(() => auth.handler(request));
  return new Proxy(auth, {
    get(target, key, receiver) {
      if (key === 'api') return api;
      if (key === 'handler') return handler;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
