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
  /** IMAGE_BACKEND (default auto): auto (installed ONNX model, else the preview model), onnx, comfyui, a1111, openai. */
  IMAGE_BACKEND: z.enum(['auto', 'onnx', 'comfyui', 'a1111', 'openai']).default('auto'),
  /** MODELS_DIR (default DATA_DIR/models): where `npm run models -- pull` installs models. */
  MODELS_DIR: optionalString,
  /** IMAGE_MODEL (default sd-turbo): the ONNX model folder under MODELS_DIR. */
  IMAGE_MODEL: z.string().min(1).default('sd-turbo'),
  /** IMAGE_TIMEOUT_S (default 300 for onnx, 120 for GPU servers): deadline of one image. */
  IMAGE_TIMEOUT_S: z.coerce.number().int().positive().optional(),
  /** IMAGE_MAX_CONCURRENCY (default 1): images the engine renders at once in this process. */
  IMAGE_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** COMFYUI_URL (required for comfyui), e.g. http://127.0.0.1:8188. */
  COMFYUI_URL: optionalString.pipe(z.url().optional()),
  /** COMFYUI_WORKFLOW (optional): path of an API-format workflow template of your own. */
  COMFYUI_WORKFLOW: optionalString,
  /** A1111_URL (required for a1111): AUTOMATIC1111, Forge or SD.Next, e.g. http://127.0.0.1:7860. */
  A1111_URL: optionalString.pipe(z.url().optional()),
  /** OPENAI_IMAGES_URL (required for openai): API base without /v1, e.g. https://api.openai.com. */
  OPENAI_IMAGES_URL: optionalString.pipe(z.url().optional()),
  /** OPENAI_API_KEY (optional): bearer key for the OpenAI-compatible images API. */
  OPENAI_API_KEY: optionalString,
  /** OPENAI_IMAGES_MODEL (default gpt-image-1): model name sent to the images API. */
  OPENAI_IMAGES_MODEL: z.string().min(1).default('gpt-image-1'),
  /** GENERATION_TIMEOUT_S (default 120): a job running longer fails (image call aborted) and is refunded. */
  GENERATION_TIMEOUT_S: z.coerce.number().int().positive().default(120),
  /** WORKER_CONCURRENCY (default 1): generation jobs one worker process runs at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** RESULT_RETENTION_HOURS (default 24): how long a result image stays retrievable (favorites: for good). */
  RESULT_RETENTION_HOURS: z.coerce.number().positive().default(24),
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
  IMAGE: ImageEnv;
  GENERATION_TIMEOUT_S: number;
  WORKER_CONCURRENCY: number;
  RESULT_RETENTION_HOURS: number;
}

export interface ImageEnv {
  backend: 'auto' | 'onnx' | 'comfyui' | 'a1111' | 'openai';
  modelsDir: string;
  model: string;
  timeoutSeconds: number | undefined;
  maxConcurrency: number;
  comfyuiUrl: string | undefined;
  comfyuiWorkflowPath: string | undefined;
  a1111Url: string | undefined;
  openaiUrl: string | undefined;
  openaiApiKey: string | undefined;
  openaiModel: string;
}

/** Each GPU-server backend needs its URL; say which one is missing rather than fail later. */
const REQUIRED_BACKEND_URL = {
  comfyui: 'COMFYUI_URL',
  a1111: 'A1111_URL',
  openai: 'OPENAI_IMAGES_URL',
} as const;

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
  if (raw.IMAGE_BACKEND in REQUIRED_BACKEND_URL) {
    const variable = REQUIRED_BACKEND_URL[raw.IMAGE_BACKEND as keyof typeof REQUIRED_BACKEND_URL];
    if (!raw[variable]) {
      throw new EnvError([`${variable}: required when IMAGE_BACKEND=${raw.IMAGE_BACKEND}`]);
    }
  }
  const dataDir = raw.DATA_DIR
    ? resolveFromInvocationDir(raw.DATA_DIR, invocationDir)
    : path.join(REPO_ROOT, 'data');
  return {
    PORT: raw.PORT,
    HOST: raw.HOST,
    DATA_DIR: dataDir,
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
    GENERATION_TIMEOUT_S: raw.GENERATION_TIMEOUT_S,
    WORKER_CONCURRENCY: raw.WORKER_CONCURRENCY,
    RESULT_RETENTION_HOURS: raw.RESULT_RETENTION_HOURS,
    IMAGE: {
      backend: raw.IMAGE_BACKEND,
      modelsDir: raw.MODELS_DIR
        ? resolveFromInvocationDir(raw.MODELS_DIR, invocationDir)
        : path.join(dataDir, 'models'),
      model: raw.IMAGE_MODEL,
      timeoutSeconds: raw.IMAGE_TIMEOUT_S,
      maxConcurrency: raw.IMAGE_MAX_CONCURRENCY,
      comfyuiUrl: raw.COMFYUI_URL,
      comfyuiWorkflowPath: raw.COMFYUI_WORKFLOW
        ? resolveFromInvocationDir(raw.COMFYUI_WORKFLOW, invocationDir)
        : undefined,
      a1111Url: raw.A1111_URL,
      openaiUrl: raw.OPENAI_IMAGES_URL,
      openaiApiKey: raw.OPENAI_API_KEY,
      openaiModel: raw.OPENAI_IMAGES_MODEL,
    },
  };
}
