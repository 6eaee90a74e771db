import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_ANSWER_EXCERPT_MAX } from '@nocturne/contract/webhooks/webhook-deliveries';
import type { AttemptAnswer } from './delivery-claims';
import { guardedLookup } from './guarded-lookup';
import { webhookUrlProblem } from './webhook-url-rules';

/** How long one delivery may take, from connect to the end of the answer's excerpt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs `body` to `url` once and says how the receiver answered. The URL is checked again (a
 * setting may have changed since it was saved) and its name's addresses at connect time
 * (guardedLookup); a redirect is refused, never followed; the answer's body is read only as far
 * as its excerpt. Never throws: a refusal or a network error is the answer's `error`.
 */
export function postWebhook(request: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<AttemptAnswer> {
  const url = new URL(request.url);
  const problem = webhookUrlProblem(url, request.allowPrivate);
  if (problem) return Promise.resolve({ status: null, error: `URL refused: ${problem}` });
  const timeoutMs = request.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const outgoing = client.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      agent: false,
      ...(request.allowPrivate ? {} : { lookup: guardedLookup }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? null;
      if (status !== null && status >= 300 && status < 400) {
        response.destroy();
        return resolve({ status, error: 'redirect refused' });
      }
      readExcerpt(response).then((excerpt) =>
        resolve({ status, error: status !== null && status < 300 ? null : excerpt || null }),
      );
    });
    outgoing.on('error', (error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        status: null,
        error: timedOut ? `no answer within ${Math.round(timeoutMs / 1000)} s` : error.message,
      });
    });
    outgoing.end(request.body);
  });
}

/** The start of an answer's body, then the connection is dropped: the rest is not ours to read. */
function readExcerpt(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      response.destroy();
      resolve(text.slice(0, WEBHOOK_ANSWER_EXCERPT_MAX).trim());
    };
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      if (text.length >= WEBHOOK_ANSWER_EXCERPT_MAX) done();
    });
    response.on('end', done);
    response.on('error', done);
  });
}
