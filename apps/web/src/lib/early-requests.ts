/**
 * Requests started by the entry before React, the router and zod have loaded (otherwise the
 * dashboard's first answers wait behind all of that JavaScript on a slow network), and
 * handed once to the first matching call of the app's own clients. That call still does
 * everything it does with a response of its own: status handling, retries, schema validation.
 * Nothing reads an early answer as data before the app has validated it.
 */

/** Past this, an unclaimed early answer is too old to stand for a request the app makes now. */
export const EARLY_CLAIM_WINDOW_MS = 30_000;

interface EarlyRequest {
  response: Promise<Response>;
  startedAt: number;
}

const pending = new Map<string, EarlyRequest>();

function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : String(input);
}

/** A GET is claimed by the same URL and the same credentials; nothing else is ever shared. */
function keyOf(method: string, url: string, authorization: string | null): string {
  return `${method.toUpperCase()} ${url} ${authorization ?? ''}`;
}

/**
 * Starts a GET the app is about to make. Resolves a copy of the answer for the entry's own use
 * (e.g. reading the token); the original waits for the app's call.
 */
export function fetchEarly(url: string, init: { headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  // As better-auth's client sends them: the session cookie also reaches an API on another origin.
  const response = fetch(url, { method: 'GET', headers, credentials: 'include' });
  const copy = response.then((answer) => answer.clone());
  pending.set(keyOf('GET', url, headers.get('authorization')), { response, startedAt: Date.now() });
  // An answer nobody claims (or a failure) must not surface as an unhandled rejection.
  response.catch(() => {});
  return copy;
}

function abortable(response: Promise<Response>, signal: AbortSignal | null | undefined) {
  if (!signal) return response;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The early answer for this exact call, once; null when there is none (or it is too old). */
export function claimEarlyResponse(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> | null {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
  const key = keyOf(method, urlOf(input), headers.get('authorization'));
  const early = pending.get(key);
  if (!early) return null;
  pending.delete(key);
  if (Date.now() - early.startedAt > EARLY_CLAIM_WINDOW_MS) return null;
  return abortable(early.response, init?.signal);
}

/** `fetch`, answered by an early request when one matches. Resolves `fetch` per call (MSW). */
export const fetchClaimingEarly: typeof fetch = (input, init) =>
  claimEarlyResponse(input, init) ?? fetch(input, init);

/** True while an early answer waits for the app's call that will take it over. */
export function hasUnclaimedEarlyRequests(): boolean {
  return pending.size > 0;
}

/** Tests: forget unclaimed early requests. */
export function clearEarlyRequests() {
  pending.clear();
}
