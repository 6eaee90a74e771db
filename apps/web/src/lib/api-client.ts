import type { z } from 'zod';
import {
  API_BASE_PATH,
  REQUEST_MAX_RETRIES,
  REQUEST_TIMEOUT_MS,
} from '@nocturne/contract/constants';
import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import { mapHttpError, type MappedApiError } from '@nocturne/contract/errors/map-http-error';
import type { ProductErrorCode } from '@nocturne/contract/errors/product-errors';
import { createAuthRefreshLimiter } from './auth-refresh-limiter';
import { resetAuthAndRedirect } from './auth-reset';
import { tokenManager } from './auth-token';
import { fetchClaimingEarly } from './early-requests';
import { fetchJson, type JsonAnswer } from './fetch-json';
import { retryDelayMs, sleepUnlessAborted } from './retry-delay';
import { apiUrl, withQuery } from './url';
import type {
  ApiClient,
  DownloadedFile,
  DownloadOptions,
  HttpMethod,
  RequestOptions,
} from './api-client.types';
import './zod-config';

export type ContractIssue = z.core.$ZodIssue;

/** Every failed product call surfaces as one of these (spec §8). */
export class ApiError extends Error {
  readonly code: MappedApiError['code'];
  readonly status: number;
  readonly retryable: boolean;
  /** Where a body or an answer broke its contract schema: for the log, never for the screen. */
  readonly issues: readonly ContractIssue[];

  constructor(mapped: MappedApiError, issues: readonly ContractIssue[] = []) {
    super(mapped.message);
    this.name = 'ApiError';
    this.code = mapped.code;
    this.status = mapped.status;
    this.retryable = mapped.retryable;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function catalogueError(code: ErrorCode, status: number, issues?: readonly ContractIssue[]) {
  return new ApiError(
    { code, message: ERROR_CATALOGUE[code].message, status, retryable: false },
    issues,
  );
}

/**
 * Answers a retry cannot change within seconds: the person has to choose again (another model),
 * so they are told at once instead of after the spec §9 back-off.
 */
const CHOICE_ERRORS: ReadonlySet<string> = new Set<ProductErrorCode>(['MODEL_UNAVAILABLE']);

function answerError(status: number, body: unknown): ApiError {
  const mapped = mapHttpError(status, body);
  return new ApiError(CHOICE_ERRORS.has(mapped.code) ? { ...mapped, retryable: false } : mapped);
}

/** No answer at all: offline, DNS, the 30 s timeout or the caller's abort (spec §8, status 0). */
const noAnswerError = () => new ApiError(mapHttpError(undefined, undefined));

const FILE_NAME = /filename="([^"]+)"/;

export interface ApiClientDeps {
  /** Base of every product path, e.g. `https://host/api/v1`. */
  baseUrl: () => string;
  getToken: (options?: { forceRefresh?: boolean }) => Promise<string | null>;
  /** Called when authentication cannot be recovered (spec §4): clears state, signs out, redirects. */
  onAuthFailure: () => Promise<void> | void;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
  maxRetries?: number;
  logger?: Pick<Console, 'error' | 'warn'>;
}

interface Call {
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

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? fetchClaimingEarly;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const maxRetries = deps.maxRetries ?? REQUEST_MAX_RETRIES;
  const logger = deps.logger ?? console;
  const refreshes = createAuthRefreshLimiter(now);

  function buildUrl(path: string, query: RequestOptions<z.ZodType, z.ZodType>['query']) {
    return withQuery(`${deps.baseUrl()}${path}`, query);
  }

  async function readToken(forceRefresh: boolean): Promise<string | null> {
    try {
      return await deps.getToken({ forceRefresh });
    } catch {
      return null;
    }
  }

  async function send(call: Call, token: string | null): Promise<JsonAnswer> {
    const accept = call.as === 'blob' ? '*/*' : 'application/json';
    const headers: Record<string, string> = { ...call.headers, Accept: accept };
    if (token) headers.Authorization = `Bearer ${token}`;
    const answer = await fetchJson({ ...call, fetch: doFetch, headers, timeoutMs });
    if (!answer) throw noAnswerError();
    if (!answer.ok) throw answerError(answer.status, answer.body);
    return answer;
  }

  async function failAuthentication(): Promise<never> {
    await deps.onAuthFailure();
    throw catalogueError('UNAUTHORIZED', 401);
  }

  /** Sends once; a 401 gets one forced token refresh and exactly one retry (spec §4). */
  async function sendAuthenticated(call: Call): Promise<JsonAnswer> {
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
    if (!refreshes.tryAcquire()) return failAuthentication();
    const fresh = await readToken(true);
    if (!fresh) return failAuthentication();
    const answer = await send(call, fresh);
    refreshes.reset();
    return answer;
  }

  function logFailure(call: Call, error: ApiError, attempts: number) {
    logger.error('[api] Request failed', {
      context: `${call.method} ${call.path}`,
      code: error.code,
      status: error.status,
      message: error.message,
      attempts,
      ...(error.issues.length > 0 && { issues: error.issues }),
      time: new Date(now()).toISOString(),
    });
  }

  /** Spec §9 retries around one authenticated exchange; `read` turns the answer into a result. */
  async function withRetries<T>(
    call: Call,
    retry: boolean,
    read: (answer: JsonAnswer) => T,
  ): Promise<T> {
    const { signal } = call;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return read(await sendAuthenticated(call));
      } catch (caught) {
        const error = caught instanceof ApiError ? caught : catalogueError('INTERNAL_ERROR', 500);
        if (signal?.aborted) throw noAnswerError();
        if (!retry || !error.retryable || attempt >= maxRetries) {
          if (!call.expectedStatuses?.includes(error.status)) logFailure(call, error, attempt + 1);
          throw error;
        }
        await sleepUnlessAborted(retryDelayMs(attempt, random), signal);
        if (signal?.aborted) throw noAnswerError();
      }
    }
  }

  async function request<S extends z.ZodType, B extends z.ZodType>(
    options: RequestOptions<S, B>,
  ): Promise<z.output<S>> {
    const { path, signal, headers, retry = true, expectedStatuses } = options;
    const method = options.method ?? 'GET';
    const url = buildUrl(path, options.query);
    const call: Call = { method, path, signal, headers, url, expectedStatuses };
    if (options.body) {
      const built = options.body.schema.safeParse(options.body.value);
      if (!built.success) {
        // Never sent: the server would refuse it the same way (spec §8 VALIDATION_ERROR).
        const error = catalogueError('VALIDATION_ERROR', 0, built.error.issues);
        logFailure(call, error, 0);
        throw error;
      }
      call.body = built.data;
    }
    return withRetries(call, retry, (answer) => {
      const parsed = options.schema.safeParse(answer.body);
      if (parsed.success) return parsed.data as z.output<S>;
      throw catalogueError('INTERNAL_ERROR', answer.status, parsed.error.issues);
    });
  }

  function download(options: DownloadOptions): Promise<DownloadedFile> {
    const { path, signal, retry = true } = options;
    const call: Call = { method: 'GET', path, signal, url: buildUrl(path, {}), as: 'blob' };
    return withRetries(call, retry, (answer) => {
      // fetchJson reads a successful answer of a blob call as a Blob (never JSON).
      const disposition = answer.headers.get('content-disposition') ?? '';
      return { blob: answer.body as Blob, fileName: FILE_NAME.exec(disposition)?.[1] ?? null };
    });
  }

  return { request, download };
}

/** The app's client for `/api/v1` (spec §7). */
export const { request, download } = createApiClient({
  baseUrl: () => apiUrl(API_BASE_PATH),
  getToken: (options) => tokenManager.getToken(options),
  onAuthFailure: () => resetAuthAndRedirect(),
});
