import type { createAuthRefreshLimiter } from './auth-refresh-limiter';
import { ApiError, answerError, catalogueError, noAnswerError } from './api-error';
import { fetchJson, type JsonAnswer } from './fetch-json';
import { retryDelayMs, sleepUnlessAborted } from './retry-delay';
import type { HttpMethod } from './api-client.types';

/** An API client's settings, every default filled in (api-client.ts). */
export interface ApiSettings {
  getToken: (options?: { forceRefresh?: boolean }) => Promise<string | null>;
  onAuthFailure: () => Promise<void> | void;
  fetch: typeof fetch;
  now: () => number;
  random: () => number;
  timeoutMs: number;
  maxRetries: number;
  logger: Pick<Console, 'error' | 'warn'>;
  /** Forced token refreshes after a 401, limited per window (spec §4/§9). */
  refreshes: ReturnType<typeof createAuthRefreshLimiter>;
}

/** One call as the client sends it, retries included. */
export interface Call {
  method: HttpMethod;
  path: string;
  url: string;
  /** Already built by its schema. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  as?: 'json' | 'blob';
  expectedStatuses?: readonly number[];
}

async function readToken(settings: ApiSettings, forceRefresh: boolean): Promise<string | null> {
  try {
    return await settings.getToken({ forceRefresh });
  } catch {
    return null;
  }
}

/** One exchange; anything but a successful answer is thrown as an ApiError. */
async function send(settings: ApiSettings, call: Call, token: string | null): Promise<JsonAnswer> {
  const accept = call.as === 'blob' ? '*/*' : 'application/json';
  const headers: Record<string, string> = { ...call.headers, Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetchJson({
    ...call,
    fetch: settings.fetch,
    headers,
    timeoutMs: settings.timeoutMs,
  });
  if (!answer) throw noAnswerError();
  if (!answer.ok) throw answerError(answer.status, answer.body);
  return answer;
}

async function failAuthentication(settings: ApiSettings): Promise<never> {
  await settings.onAuthFailure();
  throw catalogueError('UNAUTHORIZED', 401);
}

/** Sends once; a 401 gets one forced token refresh and exactly one retry (spec §4). */
async function sendAuthenticated(settings: ApiSettings, call: Call): Promise<JsonAnswer> {
  const token = await readToken(settings, false);
  if (!token) {
    settings.logger.warn('[api] No auth token available; sending request without Authorization', {
      method: call.method,
      path: call.path,
    });
  }
  try {
    return await send(settings, call, token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
  }
  if (!settings.refreshes.tryAcquire()) return failAuthentication(settings);
  const fresh = await readToken(settings, true);
  if (!fresh) return failAuthentication(settings);
  const answer = await send(settings, call, fresh);
  settings.refreshes.reset();
  return answer;
}

export function logFailure(settings: ApiSettings, call: Call, error: ApiError, attempts: number) {
  settings.logger.error('[api] Request failed', {
    context: `${call.method} ${call.path}`,
    code: error.code,
    status: error.status,
    message: error.message,
    attempts,
    ...(error.issues.length > 0 && { issues: error.issues }),
    time: new Date(settings.now()).toISOString(),
  });
}

/** Spec §9 retries around one authenticated exchange; `read` turns the answer into a result. */
export async function withRetries<T>(
  settings: ApiSettings,
  call: Call,
  retry: boolean,
  read: (answer: JsonAnswer) => T,
): Promise<T> {
  const { signal } = call;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return read(await sendAuthenticated(settings, call));
    } catch (caught) {
      const error = caught instanceof ApiError ? caught : catalogueError('INTERNAL_ERROR', 500);
      if (signal?.aborted) throw noAnswerError();
      if (!retry || !error.retryable || attempt >= settings.maxRetries) {
        if (!call.expectedStatuses?.includes(error.status))
          logFailure(settings, call, error, attempt + 1);
        throw error;
      }
      await sleepUnlessAborted(retryDelayMs(attempt, settings.random), signal);
      if (signal?.aborted) throw noAnswerError();
    }
  }
}
