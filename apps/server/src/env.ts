import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repo root, derived from this file so defaults do not depend on the cwd npm picked. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Relative paths resolve against the directory the user ran the command from: npm sets INIT_CWD
 * to it, while the workspace script itself runs with cwd apps/server.
 */
function resolveFromInvocationDir(value: string, invocationDir: string): string {
  return path.isAbsolute(value) ? value : path.resolve(invocationDir, value);
}

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

const envSchema = z.object({
  /** PORT (default 3000): HTTP port for API, auth, realtime and the web app. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** HOST (default 0.0.0.0): interface to listen on. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** DATA_DIR (default ./data at the repo root): PGlite data, auth secret, mail, images. */
  DATA_DIR: optionalString,
  /** DATABASE_URL (optional): PostgreSQL URL; when absent PGlite runs in DATA_DIR/db. */
  DATABASE_URL: optionalString,
  /** PUBLIC_URL (default http://localhost:PORT): links in mail, JWT issuer/audience, auth base. */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** BETTER_AUTH_SECRET (optional): when absent one is generated into DATA_DIR/auth-secret. */
  BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  /** SMTP_URL (optional): nodemailer SMTP URL; when absent mail goes to DATA_DIR/mail/*.eml. */
  SMTP_URL: optionalString,
  /** MAIL_FROM (default 'Nocturne <no-reply@localhost>'): sender of every mail. */
  MAIL_FROM: z.string().min(1).default('Nocturne <no-reply@localhost>'),
  /** LOG_LEVEL (default info): pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** CORS_ORIGINS (default none, same-origin only): comma-separated allowed origins. */
  CORS_ORIGINS: z.string().default(''),
  /** WEB_DIST_DIR (default apps/web/dist in the repo): the built SPA served at /. */
  WEB_DIST_DIR: optionalString,
  /** TRUST_PROXY (default false): trust X-Forwarded-* from a reverse proxy (client IP, protocol). */
  TRUST_PROXY: booleanString.default(false),
  /** INIT_CWD (set by npm): the directory `npm start` ran in; relative paths resolve from it. */
  INIT_CWD: optionalString,
});

export interface Env {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL: string | undefined;
  PUBLIC_URL: string;
  BETTER_AUTH_SECRET: string | undefined;
  SMTP_URL: string | undefined;
  MAIL_FROM: string;
  LOG_LEVEL: z.infer<typeof envSchema>['LOG_LEVEL'];
  CORS_ORIGINS: string[];
  WEB_DIST_DIR: string;
  TRUST_PROXY: boolean;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once; throws EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const raw = result.data;
  const invocationDir = raw.INIT_CWD ?? process.cwd();
  return {
    PORT: raw.PORT,
    HOST: raw.HOST,
    DATA_DIR: raw.DATA_DIR
      ? resolveFromInvocationDir(raw.DATA_DIR, invocationDir)
      : path.join(REPO_ROOT, 'data'),
    DATABASE_URL: raw.DATABASE_URL,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    BETTER_AUTH_SECRET: raw.BETTER_AUTH_SECRET,
    SMTP_URL: raw.SMTP_URL,
    MAIL_FROM: raw.MAIL_FROM,
    LOG_LEVEL: raw.LOG_LEVEL,
    CORS_ORIGINS: raw.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter((origin) => origin.length > 0),
    WEB_DIST_DIR: raw.WEB_DIST_DIR
      ? resolveFromInvocationDir(raw.WEB_DIST_DIR, invocationDir)
      : path.join(REPO_ROOT, 'apps/web/dist'),
    TRUST_PROXY: raw.TRUST_PROXY,
  };
}
