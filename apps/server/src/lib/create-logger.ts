import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Env } from '../env';
import { escapeControlCharacters, escapeLoggedValue } from './escape-log-text';
import { redactUrl } from './redact-url';

/**
 * The server's one logger type: pino's instance as Fastify exposes it (`app.log`, `request.log`),
 * so the same logger passes between the app, the worker and the modules without casts.
 */
export type Logger = FastifyBaseLogger;

/**
 * Secrets never reach the log: auth headers, cookies, tokens and passwords are censored wherever
 * they appear in request logs or logged objects. (Verification links are logged on purpose.)
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.secret',
  'password',
  'token',
];

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/**
 * Fastify's request line, with secrets in the URL redacted (`?token=`, signed image links) and
 * the client's text escaped.
 */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: escapeControlCharacters(redactUrl(request.url ?? '')),
    host: escapeControlCharacters(request.host ?? ''),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

/** pino's error serializer, with a message that may quote input escaped (in the stack too). */
function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  const message = serialized.message;
  const escaped = escapeControlCharacters(message);
  if (escaped === message) return serialized;
  return {
    ...serialized,
    message: escaped,
    stack: serialized.stack.replace(message, () => escaped),
  };
}

/**
 * The logger of the app and the worker: JSON lines (one line per entry, whatever the text), with
 * secrets redacted and control characters in logged text escaped. `destination` is for tests
 * that read the log.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: serializeError },
    formatters: { log: (object) => escapeLoggedValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const escaped = args.map((arg: unknown) =>
          typeof arg === 'string' ? escapeControlCharacters(arg) : arg,
        );
        method.apply(this, escaped as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
