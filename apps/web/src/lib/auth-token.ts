import { isTokenFresh } from '@nocturne/contract/auth/token-validity';
import { SESSION_HEALTH_CHECK_INTERVAL_MS } from '@nocturne/contract/constants';
import { fetchAuthToken } from './auth-client';

export interface TokenManagerDeps {
  /** Fetches a new token; null when signed out, throws when the refresh failed. */
  fetchToken: () => Promise<string | null>;
  now?: () => number;
  healthCheckIntervalMs?: number;
}

export interface TokenManager {
  /** The cached token while fresh (spec §5: expiry more than 30 s away), else a new one. */
  getToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  clear(): void;
  /** Spec §4: every 5 minutes, force a fresh token when it is expired or close to expiry. */
  startHealthCheck(): () => void;
}

export function createTokenManager(deps: TokenManagerDeps): TokenManager {
  const now = deps.now ?? Date.now;
  const interval = deps.healthCheckIntervalMs ?? SESSION_HEALTH_CHECK_INTERVAL_MS;
  let cached: string | null = null;
  let inFlight: Promise<string | null> | null = null;
  // Bumped by clear() so a refresh that started before sign-out cannot repopulate the cache.
  let generation = 0;

  function refresh(): Promise<string | null> {
    if (inFlight) return inFlight;
    const startedIn = generation;
    inFlight = deps
      .fetchToken()
      .then((token) => {
        if (startedIn === generation) cached = token;
        return token;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    getToken({ forceRefresh = false } = {}) {
      if (!forceRefresh && cached && isTokenFresh(cached, now())) return Promise.resolve(cached);
      return refresh();
    },
    clear() {
      generation += 1;
      cached = null;
      inFlight = null;
    },
    startHealthCheck() {
      const id = setInterval(() => {
        if (cached && isTokenFresh(cached, now())) return;
        refresh().catch((error: unknown) => {
          console.warn('[auth] Token health check could not refresh the token', error);
        });
      }, interval);
      return () => clearInterval(id);
    },
  };
}

export const tokenManager = createTokenManager({ fetchToken: fetchAuthToken });
