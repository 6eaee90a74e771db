import http from 'node:http';
import https from 'node:https';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BackendConfigError, BackendUnreachableError, BadResponseError } from '../errors';
import { abortError } from '../util/abort';

const UNAVAILABLE = new Set([502, 503, 504]);
const REFUSED_CREDENTIALS = new Set([401, 403]);

/**
 * What a backend answered: its status, and its body read in full as it arrives (an image answer
 * is about a megabyte; nothing is left unread on the connection, which goes back to the pool).
 */
export interface BackendResponse {
  status: number;
  statusText: string;
  ok: boolean;
  /** The whole body, decompressed; rejects when the connection closed before its end. */
  body(): Promise<Buffer>;
}

export interface BackendRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** JSON text, or bytes (a multipart form, see multipart.ts). */
  body?: string | Buffer;
  signal: AbortSignal;
  /** Error statuses the caller reads itself, because their body explains the refusal. */
  readStatuses?: readonly number[];
}

const AGENTS = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** As fetch() asked for and undid them: some servers (AUTOMATIC1111's) compress large answers. */
const DECODERS: Record<string, (data: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/** A body that arrived whole but does not decompress: a bad answer, not a lost connection. */
class UndecodableBody extends Error {}

function decode(data: Buffer, encoding: string | undefined): Promise<Buffer> {
  const decoder = encoding ? DECODERS[encoding.trim().toLowerCase()] : undefined;
  if (!decoder) return Promise.resolve(data);
  return decoder(data).catch((error: unknown) => {
    throw new UndecodableBody(`its ${encoding} body does not decompress`, { cause: error });
  });
}

/** The error for a body that could not be read: cancelled, undecodable, or cut off. */
function bodyError(backend: string, error: unknown, signal: AbortSignal, cut: string): Error {
  if (signal.aborted) return abortError(signal);
  if (error instanceof UndecodableBody) {
    return new BadResponseError(`${backend} sent an answer ${error.message}.`, { cause: error });
  }
  return new BackendUnreachableError(`${backend} closed the connection ${cut}.`, { cause: error });
}

/**
 * One request on node:http(s) with keep-alive, not fetch(), whose web-stream body is the slower
 * read of a megabyte answer (decision 039). No redirects are followed: a backend URL that
 * redirects is answered with its 3xx, which names the status.
 */
function send(url: string, init: BackendRequest): Promise<BackendResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const scheme =
      target.protocol === 'https:' || target.protocol === 'http:' ? target.protocol : undefined;
    if (!scheme) {
      reject(new Error(`unsupported URL scheme ${target.protocol}`));
      return;
    }
    const client = scheme === 'https:' ? https : http;
    const payload = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers: Record<string, string | number> = {
      'accept-encoding': 'gzip, deflate, br',
      ...init.headers,
    };
    if (payload) headers['content-length'] = payload.length;
    const request = client.request(
      target,
      { method: init.method ?? 'GET', headers, agent: AGENTS[scheme], signal: init.signal },
      (response) => {
        const chunks: Buffer[] = [];
        const received = new Promise<Buffer>((done, fail) => {
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(Buffer.concat(chunks)));
          // A connection closed mid-body: 'error' (ECONNRESET, "aborted"), and no 'end'.
          response.on('error', fail);
        });
        const body = received.then((data) => decode(data, response.headers['content-encoding']));
        // Read by the caller; an unread body's failure is not an unhandled rejection.
        body.catch(() => undefined);
        const status = response.statusCode ?? 0;
        resolve({
          status,
          statusText: response.statusMessage ?? '',
          ok: status >= 200 && status < 300,
          body: () => body,
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Network failures become typed errors that name the backend and the URL to check. */
export async function backendFetch(
  backend: string,
  url: string,
  init: BackendRequest,
): Promise<BackendResponse> {
  let response: BackendResponse;
  try {
    response = await send(url, init);
  } catch (error) {
    if (init.signal.aborted) throw abortError(init.signal);
    const detail = (error as { code?: string }).code ?? (error as Error).message;
    throw new BackendUnreachableError(
      `Cannot reach ${backend} at ${url} (${detail}); check that it is running and its URL is configured right.`,
      {
        cause: error,
      },
    );
  }
  if (!response.ok && !init.readStatuses?.includes(response.status)) {
    const body = await readBody(response, init.signal);
    const message = `${backend} answered ${response.status} ${response.statusText} for ${url}${body ? `: ${body}` : ''}`;
    if (UNAVAILABLE.has(response.status)) throw new BackendUnreachableError(message);
    if (REFUSED_CREDENTIALS.has(response.status))
      throw new BackendConfigError(
        `${message}. It refused our credentials: check the API key, or the username and password, configured for it.`,
      );
    throw new BadResponseError(message);
  }
  return response;
}

async function readBody(response: BackendResponse, signal: AbortSignal): Promise<string> {
  try {
    return (await response.body()).toString('utf8').slice(0, 300);
  } catch {
    if (signal.aborted) throw abortError(signal);
    return '';
  }
}

export async function readJson(
  backend: string,
  response: BackendResponse,
  signal: AbortSignal,
): Promise<unknown> {
  let text: string;
  try {
    text = (await response.body()).toString('utf8');
  } catch (error) {
    throw bodyError(backend, error, signal, 'mid-answer');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BadResponseError(
      `${backend} sent something that is not JSON: ${text.slice(0, 120)}`,
      { cause: error },
    );
  }
}

export async function readBytes(
  backend: string,
  response: BackendResponse,
  signal: AbortSignal,
): Promise<Buffer> {
  try {
    return await response.body();
  } catch (error) {
    throw bodyError(backend, error, signal, 'mid-image');
  }
}

export function decodeBase64Image(backend: string, value: unknown): Buffer {
  if (typeof value !== 'string' || value.length === 0) {
    throw new BadResponseError(`${backend} returned no image data.`);
  }
  // Node's decoder skips what is not base64 and takes the URL-safe alphabet too. The text's
  // alphabet is not checked: every image is decoded whole before it is kept (encodePng), so what
  // these bytes are not is refused there.
  return Buffer.from(value.replace(/^data:image\/\w+;base64,/, ''), 'base64');
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
