import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Env } from '../env';
import { standardOutputLogDestination } from './create-log-destination';
import { escapeControlCharacters } from './escape-log-text';
import { redactUrl } from './redact-url';
import { REDACTED, SECRET_LOG_KEYS, sanitizeLoggedValue } from './sanitize-logged-value';

/**
 * The server's one logger type: pino's instance as Fastify exposes it (`app.log`, `request.log`),
 * so the same logger passes between the app, the worker and the modules without casts.
 */
export type Logger = FastifyBaseLogger;

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

/**
 * pino's error serializer, with a message that may quote input escaped (in the stack too) and
 * the error's own fields (a client library's request config, say) sanitized like any logged value.
 */
function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  const message = serialized.message;
  const escaped = escapeControlCharacters(message);
  const out: Record<string, unknown> = {
    ...serialized,
    message: escaped,
    stack:
      escaped === message ? serialized.stack : serialized.stack.replace(message, () => escaped),
  };
  for (const key of Object.keys(out)) {
    if (key === 'message' || key === 'stack') continue;
    out[key] = SECRET_LOG_KEYS.has(key) ? REDACTED : sanitizeLoggedValue(out[key], 1);
  }
  return out;
}

/**
 * The logger of the app and the worker: JSON lines (one line per entry, whatever the text), with
 * secrets redacted and control characters in logged text escaped. `destination` is for tests
 * that read the log.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    serializers: { req: serializeRequest, err: serializeError },
    formatters: { log: (object) => sanitizeLoggedValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const escaped = args.map((arg: unknown) =>
          typeof arg === 'string' ? escapeControlCharacters(arg) : arg,
        );
        method.apply(this, escaped as Parameters<typeof method>);
      },
    },
  };
  return pino(options, destination ?? standardOutputLogDestination());
}
