export interface JsonAnswer {
  status: number;
  ok: boolean;
  /**
   * Parsed JSON, the raw text when it is not JSON, or undefined when empty; a Blob for a
   * successful answer read `as: 'blob'` (a failure is still read as JSON: it carries the error).
   */
  body: unknown;
  headers: Headers;
}

export interface FetchJsonOptions {
  fetch: typeof fetch;
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Sent as JSON when defined. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs: number;
  /** How a successful body is read: JSON (default) or bytes (a file download). */
  as?: 'json' | 'blob';
}

/**
 * One HTTP exchange with its own timeout. Resolves null when no answer arrived at all (offline,
 * DNS, timeout, caller abort): callers map that to spec §8's NETWORK_ERROR.
 */
export async function fetchJson(options: FetchJsonOptions): Promise<JsonAnswer | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  const headers = { ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await options.fetch(options.url, {
      method: options.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if (options.as === 'blob' && response.ok) {
    const blob = await response.blob().catch(() => null);
    if (!blob) return null;
    return { status: response.status, ok: true, body: blob, headers: response.headers };
  }
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, ok: response.ok, body, headers: response.headers };
}
