import type { z } from 'zod';
import {
  API_BASE_PATH,
  REQUEST_MAX_RETRIES,
  REQUEST_TIMEOUT_MS,
} from '@nocturne/contract/constants';
import { createAuthRefreshLimiter } from './auth-refresh-limiter';
import { resetAuthAndRedirect } from './auth-reset';
import { tokenManager } from './auth-token';
import { catalogueError } from './api-error';
import { logFailure, withRetries, type ApiSettings, type Call } from './api-exchange';
import { fetchClaimingEarly } from './early-requests';
import { apiUrl, withQuery } from './url';
import type {
  ApiClient,
  DownloadedFile,
  DownloadOptions,
  RequestOptions,
} from './api-client.types';
import './zod-config';

export { ApiError, isApiError, type ContractIssue } from './api-error';

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

/** The body as its contract schema builds it; a body the schema refuses is never sent. */
function buildBody<B extends z.ZodType>(
  settings: ApiSettings,
  call: Call,
  body: { schema: B; value: z.input<B> },
): unknown {
  const built = body.schema.safeParse(body.value);
  if (built.success) return built.data;
  // The server would refuse it the same way (spec §8 VALIDATION_ERROR).
  const error = catalogueError('VALIDATION_ERROR', 0, built.error.issues);
  logFailure(settings, call, error, 0);
  throw error;
}

async function sendRequest<S extends z.ZodType, B extends z.ZodType>(
  settings: ApiSettings,
  baseUrl: () => string,
  options: RequestOptions<S, B>,
): Promise<z.output<S>> {
  const { path, signal, headers, retry = true, expectedStatuses } = options;
  const method = options.method ?? 'GET';
  const url = withQuery(`${baseUrl()}${path}`, options.query);
  const call: Call = { method, path, signal, headers, url, expectedStatuses };
  if (options.body) call.body = buildBody(settings, call, options.body);
  return withRetries(settings, call, retry, (answer) => {
    const parsed = options.schema.safeParse(answer.body);
    if (parsed.success) return parsed.data as z.output<S>;
    throw catalogueError('INTERNAL_ERROR', answer.status, parsed.error.issues);
  });
}

function sendDownload(
  settings: ApiSettings,
  baseUrl: () => string,
  { path, signal, retry = true }: DownloadOptions,
): Promise<DownloadedFile> {
  const url = withQuery(`${baseUrl()}${path}`, {});
  const call: Call = { method: 'GET', path, signal, url, as: 'blob' };
  return withRetries(settings, call, retry, (answer) => {
    // fetchJson reads a successful answer of a blob call as a Blob (never JSON).
    const disposition = answer.headers.get('content-disposition') ?? '';
    return { blob: answer.body as Blob, fileName: FILE_NAME.exec(disposition)?.[1] ?? null };
  });
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const now = deps.now ?? Date.now;
  const settings: ApiSettings = {
    getToken: deps.getToken,
    onAuthFailure: deps.onAuthFailure,
    fetch: deps.fetch ?? fetchClaimingEarly,
    now,
    random: deps.random ?? Math.random,
    timeoutMs: deps.timeoutMs ?? REQUEST_TIMEOUT_MS,
    maxRetries: deps.maxRetries ?? REQUEST_MAX_RETRIES,
    logger: deps.logger ?? console,
    refreshes: createAuthRefreshLimiter(now),
  };
  return {
    request: (options) => sendRequest(settings, deps.baseUrl, options),
    download: (options) => sendDownload(settings, deps.baseUrl, options),
  };
}

/** The app's client for `/api/v1` (spec §7). */
export const { request, download } = createApiClient({
  baseUrl: () => apiUrl(API_BASE_PATH),
  getToken: (options) => tokenManager.getToken(options),
  onAuthFailure: () => resetAuthAndRedirect(),
});
