import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Env } from '../env';

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

export function createLogger(env: Pick<Env, 'LOG_LEVEL'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
  });
}
