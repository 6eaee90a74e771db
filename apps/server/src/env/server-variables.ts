import path from 'node:path';
import { z } from 'zod';
// Defaults resolve from the repo root, not from the cwd npm picked.
import { REPO_ROOT } from '../lib/server-root';
import {
  optionalString,
  optionalUrl,
  trustProxy,
  type FromInvocationDir,
  type Parsed,
} from './env-fields';

/** Where the process listens, keeps its data, and finds its database, Redis and secrets. */
export const serverVariables = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  IMAGE_URL_SECRET: optionalString.pipe(z.string().min(32).optional()),
};

/** How it serves: the log, the browsers' origins, the web build and the proxies in front. */
export const servingVariables = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: trustProxy.default(false),
};

/** DATA_DIR as a path: relative to where the command ran, `data/` at the repo root when unset. */
export function dataDirOf(raw: Parsed<typeof serverVariables>, from: FromInvocationDir): string {
  return from(raw.DATA_DIR) ?? path.join(REPO_ROOT, 'data');
}

export function serverSettings(raw: Parsed<typeof serverVariables>, dataDir: string) {
  return {
    PORT: raw.PORT,
    HOST: raw.HOST,
    DATA_DIR: dataDir,
    DATABASE_URL: raw.DATABASE_URL,
    REDIS_URL: raw.REDIS_URL,
    /** Base of every mailed link, JWT issuer and audience; unset: the address the server listens on. */
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    BETTER_AUTH_SECRET: raw.BETTER_AUTH_SECRET,
    IMAGE_URL_SECRET: raw.IMAGE_URL_SECRET,
  };
}

export function servingSettings(raw: Parsed<typeof servingVariables>, from: FromInvocationDir) {
  return {
    LOG_LEVEL: raw.LOG_LEVEL,
    CORS_ORIGINS: raw.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter((origin) => origin.length > 0),
    WEB_DIST_DIR: from(raw.WEB_DIST_DIR) ?? path.join(REPO_ROOT, 'apps/web/dist'),
    TRUST_PROXY: raw.TRUST_PROXY,
  };
}
