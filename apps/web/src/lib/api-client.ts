import {
  API_BASE_PATH,
  AUTH_MAX_REFRESHES_PER_WINDOW,
  AUTH_REFRESH_WINDOW_RESET_MS,
  REQUEST_MAX_RETRIES,
  REQUEST_TIMEOUT_MS,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_JITTER_MS,
} from '@nocturne/contract/constants';
import { mapHttpError, type MappedApiError } from '@nocturne/contract/errors/map-http-error';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { resetAuthAndRedirect } from './auth-reset';
import { tokenManager } from './auth-token';
import { apiUrl } from './url';

/** Every failed product call surfaces as one of these (spec §8). */
export class ApiError extends Error {
  readonly code: MappedApiError['code'];
  readonly status: number;
  readonly retryable: boolean;

  constructor(mapped: MappedApiError) {
    super(mapped.message);
    this.name = 'ApiError';
    this.code = mapped.code;
    this.status = mapped.status;
    this.retryable = mapped.retryable;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Query string parameters; undefined values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key); they never override Authorization. */
  headers?: Record<string, string>;
}

export interface ApiClientDeps {
  /** Base of every product path, e.g. `https://host/api/v1`. */
  baseUrl: () => string;
  getToken: (options?: { forceRefresh?: boolean }) => Promise<string | null>;
  /** Called when authentication cannot be recovered (spec §4): clears state, signs out, redirects. */
  onAuthFailure: () => Promise<void> | void;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  maxRetries?: number;
  logger?: Pick<Console, 'error' | 'warn'>;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** No retry: the caller owns cancellation through `signal`. */
  getCancellable<T>(path: string, signal: AbortSignal, options?: RequestOptions): Promise<T>;
  postCancellable<T>(
    path: string,
    body: unknown,
    signal: AbortSignal,
    options?: RequestOptions,
  ): Promise<T>;
}

/** Spec §9: 1000 ms doubling per attempt plus up to 1000 ms of random jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return RETRY_BASE_DELAY_MS * 2 ** attempt + Math.floor(random() * RETRY_MAX_JITTER_MS);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Call {
  method: Method;
  path: string;
  body?: unknown;
  options: RequestOptions;
  retry: boolean;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const sleep = deps.sleep ?? defaultSleep;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const maxRetries = deps.maxRetries ?? REQUEST_MAX_RETRIES;
  const logger = deps.logger ?? console;

  // Forced refreshes in the current window (spec §4/§9: at most 3; window resets 5 s after the last).
  let refreshCount = 0;
  let lastRefreshAt = Number.NEGATIVE_INFINITY;

  function buildUrl(path: string, params: RequestOptions['params']): string {
    const url = new URL(`${deps.baseUrl()}${path}`);
    for (const [key, value] of Object.entries(params ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async function readToken(forceRefresh: boolean): Promise<string | null> {
    try {
      return await deps.getToken({ forceRefresh });
    } catch {
      return null;
    }
  }

  /** One HTTP exchange with its own timeout; resolves with parsed JSON or throws ApiError. */
  async function send(call: Call, token: string | null): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const outer = call.options.signal;
    const forwardAbort = () => controller.abort();
    if (outer?.aborted) controller.abort();
    outer?.addEventListener('abort', forwardAbort);

    const headers: Record<string, string> = { ...call.options.headers, Accept: 'application/json' };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await doFetch(buildUrl(call.path, call.options.params), {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
      });
    } catch {
      // No response at all: offline, DNS, timeout or caller abort (spec §8: NETWORK_ERROR, status 0).
      throw new ApiError(mapHttpError(undefined, undefined));
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forwardAbort);
    }

    const text = await response.text().catch(() => '');
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!response.ok) throw new ApiError(mapHttpError(response.status, body));
    return body;
  }

  async function failAuthentication(): Promise<never> {
    await deps.onAuthFailure();
    throw new ApiError({
      code: 'UNAUTHORIZED',
      message: ERROR_CATALOGUE.UNAUTHORIZED.message,
      status: 401,
      retryable: false,
    });
  }

  /** Sends once; a 401 gets one forced token refresh and exactly one retry (spec §4). */
  async function sendAuthenticated(call: Call): Promise<unknown> {
    const token = await readToken(false);
    if (!token) {
      logger.warn('[api] No auth token available; sending request without Authorization', {
        method: call.method,
        path: call.path,
      });
    }
    try {
      return await send(call, token);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    }

    const at = now();
    if (at - lastRefreshAt >= AUTH_REFRESH_WINDOW_RESET_MS) refreshCount = 0;
    refreshCount += 1;
    lastRefreshAt = at;
    if (refreshCount > AUTH_MAX_REFRESHES_PER_WINDOW) return failAuthentication();

    const fresh = await readToken(true);
    if (!fresh) return failAuthentication();

    const result = await send(call, fresh);
    refreshCount = 0;
    return result;
  }

  function logFailure(call: Call, error: ApiError, attempts: number) {
    logger.error('[api] Request failed', {
      context: `${call.method} ${call.path}`,
      code: error.code,
      status: error.status,
      message: error.message,
      attempts,
      time: new Date(now()).toISOString(),
    });
  }

  async function request<T>(call: Call): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return (await sendAuthenticated(call)) as T;
      } catch (caught) {
        const error =
          caught instanceof ApiError ? caught : new ApiError(mapHttpError(500, undefined));
        if (!call.retry || !error.retryable || attempt >= maxRetries) {
          logFailure(call, error, attempt + 1);
          throw error;
        }
        await sleep(retryDelayMs(attempt, random));
      }
    }
  }

  return {
    get: (path, options = {}) => request({ method: 'GET', path, options, retry: true }),
    post: (path, body, options = {}) =>
      request({ method: 'POST', path, body, options, retry: true }),
    put: (path, body, options = {}) => request({ method: 'PUT', path, body, options, retry: true }),
    patch: (path, body, options = {}) =>
      request({ method: 'PATCH', path, body, options, retry: true }),
    delete: (path, options = {}) => request({ method: 'DELETE', path, options, retry: true }),
    getCancellable: (path, signal, options = {}) =>
      request({ method: 'GET', path, options: { ...options, signal }, retry: false }),
    postCancellable: (path, body, signal, options = {}) =>
      request({ method: 'POST', path, body, options: { ...options, signal }, retry: false }),
  };
}

/** The app's client for `/api/v1` (spec §7). */
export const api = createApiClient({
  baseUrl: () => apiUrl(API_BASE_PATH),
  getToken: (options) => tokenManager.getToken(options),
  onAuthFailure: () => resetAuthAndRedirect(),
});
