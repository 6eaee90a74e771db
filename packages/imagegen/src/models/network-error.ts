/** A download or Hub request that failed, naming the URL and the cause an operator can act on. */
export class NetworkError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${url}: ${reason}`, options);
    this.name = 'NetworkError';
  }
}

const CAUSES: Record<string, string> = {
  ENOTFOUND: 'DNS lookup failed: the host name does not resolve',
  EAI_AGAIN: 'DNS lookup failed: no answer from the resolver (offline, or DNS blocked)',
  ECONNREFUSED: 'connection refused: nothing listens on that host and port',
  ECONNRESET: 'connection reset by the server or a proxy',
  ETIMEDOUT: 'timed out connecting',
  UND_ERR_CONNECT_TIMEOUT: 'timed out connecting',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'no route to the network (offline?)',
  UND_ERR_SOCKET: 'the connection closed before the transfer ended',
};

interface Cause {
  code?: string;
  message: string;
}

/** undici wraps the real cause ("fetch failed" → connect error → …); the innermost names it. */
function causeChain(error: unknown): Cause[] {
  const chain: Cause[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    chain.push({ code: typeof code === 'string' ? code : undefined, message: current.message });
    const inner = current instanceof AggregateError ? current.errors[0] : undefined;
    current = current.cause ?? inner;
  }
  return chain;
}

/** What went wrong on the wire, in words: DNS, refused, TLS, reset, timeout, … */
export function describeNetworkCause(error: unknown): string {
  const chain = causeChain(error);
  const coded = chain.find((c) => c.code);
  const innermost = chain.at(-1)?.message ?? String(error);
  if (!coded?.code) return innermost;
  const known = CAUSES[coded.code];
  if (known) return `${known} (${coded.code})`;
  if (/CERT|TLS|SSL|SIGNATURE/.test(coded.code)) {
    return `TLS failed: ${coded.message} (${coded.code})`;
  }
  return `${coded.message} (${coded.code})`;
}

/** `fetch`, with a failure that names the URL and the cause instead of a bare "fetch failed". */
export async function fetchOrExplain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new NetworkError(url, `could not connect: ${describeNetworkCause(error)}`, {
      cause: error,
    });
  }
}

/** An HTTP error answer as the Hub words it: status, its `error` text and `x-error-code`. */
export async function httpFailure(url: string, response: Response): Promise<NetworkError> {
  const text = (await response.text().catch(() => '')).slice(0, 500);
  let detail = text.trim();
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === 'string') detail = parsed.error;
  } catch {
    // Not JSON: the text itself, if any, is the detail.
  }
  const code = response.headers.get('x-error-code');
  const said = [detail, code ? `(${code})` : ''].filter(Boolean).join(' ');
  return new NetworkError(
    url,
    `HTTP ${response.status} ${response.statusText}${said ? `: ${said}` : ''}`,
  );
}
