import { BackendUnreachableError, BadResponseError, ImageGenError } from '../errors';
import { abortError } from '../util/abort';

const UNAVAILABLE = new Set([502, 503, 504]);

/** Network failures become typed errors that name the backend and the URL to check. */
export async function backendFetch(
  backend: string,
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal.aborted) throw abortError(init.signal);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new BackendUnreachableError(
      `Cannot reach ${backend} at ${url} (${detail}); check that it is running and its URL is configured right.`,
      {
        cause: error,
      },
    );
  }
  if (!response.ok) {
    const body = await readBody(response, init.signal);
    const message = `${backend} answered ${response.status} ${response.statusText} for ${url}${body ? `: ${body}` : ''}`;
    if (UNAVAILABLE.has(response.status)) throw new BackendUnreachableError(message);
    throw new BadResponseError(message);
  }
  return response;
}

async function readBody(response: Response, signal: AbortSignal): Promise<string> {
  try {
    return (await response.text()).slice(0, 300);
  } catch {
    if (signal.aborted) throw abortError(signal);
    return '';
  }
}

export async function readJson(
  backend: string,
  response: Response,
  signal: AbortSignal,
): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw abortError(signal);
    throw new BackendUnreachableError(`${backend} closed the connection mid-answer.`, {
      cause: error,
    });
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
  response: Response,
  signal: AbortSignal,
): Promise<Buffer> {
  try {
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (signal.aborted) throw abortError(signal);
    if (error instanceof ImageGenError) throw error;
    throw new BackendUnreachableError(`${backend} closed the connection mid-image.`, {
      cause: error,
    });
  }
}

export function decodeBase64Image(backend: string, value: unknown): Buffer {
  if (typeof value !== 'string' || value.length === 0) {
    throw new BadResponseError(`${backend} returned no image data.`);
  }
  const data = value.replace(/^data:image\/\w+;base64,/, '');
  const bytes = Buffer.from(data, 'base64');
  // Node's decoder skips what is not base64, so the bytes alone prove nothing. Canonical base64
  // encodes back to itself, which is checked at a third of the cost of the expression over a
  // megabyte; anything else (line breaks, no padding) is held to the expression.
  if (bytes.toString('base64') !== data && !/^[A-Za-z0-9+/=\s]+$/.test(data))
    throw new BadResponseError(`${backend} returned image data that is not base64.`);
  return bytes;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
