import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/** Sent with the 408 of a request whose headers and body did not arrive within the deadline. */
export const REQUEST_TIMEOUT_MESSAGE =
  'The request took too long to arrive. Please check your connection and try again.';

/** How often Node looks for expired requests at most; the deadline is kept within this much. */
const MAX_CHECK_INTERVAL_MS = 1000;

/** What Node found wrong before Fastify saw a request, answered in the `{ error, message }` shape. */
const CLIENT_ERRORS: Record<string, { status: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: '408 Request Timeout', message: REQUEST_TIMEOUT_MESSAGE },
  HPE_HEADER_OVERFLOW: {
    status: '431 Request Header Fields Too Large',
    message: 'Request headers are too large',
  },
};
const MALFORMED = { status: '400 Bad Request', message: 'Malformed HTTP request' };

/**
 * Node's own errors on a connection (a request past its deadline, headers too large, bytes that
 * are not HTTP) leave as `{ error: 'VALIDATION_ERROR', message }` like every other 4xx, and the
 * connection is closed. Nothing is written once a response has started on it.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    ?.headersSent;
  if (socket.writable && !started) {
    const body = JSON.stringify({ error: 'VALIDATION_ERROR', message });
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify options bounding how long one request may take to arrive: its headers and body must be
 * in within `seconds`, else 408 and the connection closes, so a body trickling in a byte at a time
 * cannot hold a connection open. Fastify's own default is no limit. The deadline ends once the
 * request has arrived: a long answer (the export download, Socket.IO's held polling requests)
 * and an upgraded websocket are not cut. Node checks the open requests every interval, so a late
 * one is closed within `seconds` plus at most one interval.
 */
export function requestDeadlineOptions(seconds: number): {
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']>;
} {
  const ms = Math.max(1, Math.round(seconds * 1000));
  return {
    requestTimeout: ms,
    http: {
      headersTimeout: ms,
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, Math.max(10, ms / 4)),
    },
    clientErrorHandler: answerClientError,
  };
}
