import path from 'node:path';
import { z } from 'zod';
import {
  optionalBoolean,
  optionalHttpUrl,
  optionalString,
  optionalUrl,
  resolveFromInvocationDir,
  trustProxy,
} from './env/env-fields';
import { catalogSecrets, modelCatalogFromFile, workerModelsField } from './env/model-settings';
import { operatorEmails, operatorRequireTwoFactor } from './env/operator-settings';
import { parseCreditPackages } from './env/parse-credit-packages';
import { s3BucketField, s3Settings } from './env/s3-settings';
// Defaults resolve from the repo root, not from the cwd npm picked.
import { REPO_ROOT } from './lib/server-root';

/**
 * The variables as they arrive. What each one does, and its default, is written once in
 * `.env.example` at the repo root; env.test.ts fails when the two disagree.
 */
export const envVariables = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  IMAGE_URL_SECRET: optionalString.pipe(z.string().min(32).optional()),
  IMAGE_BASE_URL: optionalHttpUrl,
  S3_BUCKET: s3BucketField,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalHttpUrl,
  S3_FORCE_PATH_STYLE: optionalBoolean,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]+$/, "expected a key prefix of letters, digits and !_.*'()/-")
      .refine((value) => !value.startsWith('/'), 'must not start with /')
      .transform((value) => value.replace(/\/*$/, '/'))
      .optional(),
  ),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().min(1).default('Nocturne <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: trustProxy.default(false),
  SIGN_UP_MAX_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(10),
  SIGN_IN_MAX_PER_IP_PER_15_MIN: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  IMAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  GENERATE_MAX_PER_USER_PER_MINUTE: z.coerce.number().int().positive().default(30),
  DAILY_CLAIM_MAX_PER_USER_PER_MINUTE: z.coerce.number().int().positive().default(10),
  IPN_MAX_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  HTTP_REQUEST_TIMEOUT_S: z.coerce.number().positive().default(30),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(256),
  GENERATION_TIMEOUT_S: z.coerce.number().int().positive().default(120),
  SHUTDOWN_GRACE_S: z.coerce.number().min(0).default(30),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  GENERATION_LEASE_S: z.coerce.number().int().min(3).max(3600).default(60),
  GENERATION_QUEUE_MAX_PER_USER: z.coerce.number().int().min(1).default(8),
  GENERATION_QUEUE_MAX_PER_PREMIUM_USER: z.coerce.number().int().min(1).default(24),
  RESULT_RETENTION_HOURS: z.coerce.number().positive().default(24),
  PROMPT_SUSPENSION_HOURS: z.coerce.number().positive().default(24),
  PROMPT_POLICY_EXTRA_NAMES_FILE: optionalString,
  IMAGE_BACKEND: z.enum(['auto', 'onnx', 'comfyui', 'a1111', 'openai']).default('auto'),
  MODELS_DIR: optionalString,
  IMAGE_MODEL: z.string().min(1).default('sd-turbo'),
  COMFYUI_URL: optionalUrl,
  COMFYUI_WORKFLOW: optionalString,
  A1111_URL: optionalUrl,
  OPENAI_IMAGES_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  OPENAI_IMAGES_MODEL: z.string().min(1).default('gpt-image-1'),
  MODELS_FILE: optionalString,
  WORKER_MODELS: workerModelsField,
  HF_ENDPOINT: optionalUrl,
  NOWPAYMENTS_API_KEY: optionalString,
  NOWPAYMENTS_IPN_SECRET: optionalString,
  NOWPAYMENTS_API_URL: z.url().default('https://api.nowpayments.io/v1'),
  PREMIUM_MONTHLY_PRICE_USD: z.coerce.number().positive().default(29),
  PREMIUM_LIFETIME_PRICE_USD: z.coerce.number().positive().default(299),
  CREDIT_PACKAGES: z.string().default('starter:50:4.99,creator:200:14.99,studio:500:29.99'),
  SUPPORT_EMAIL: z.email().default('support@nocturne.local'),
  PAYMENT_RECONCILE_INTERVAL_S: z.coerce.number().int().positive().default(60),
  IPN_AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(90),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  OPERATOR_EMAILS: operatorEmails,
  OPERATOR_REQUIRE_TWO_FACTOR: operatorRequireTwoFactor,
  /** Set by npm, not by people: the directory `npm start` ran in. */
  INIT_CWD: optionalString,
});

/** Each GPU-server backend needs its URL; say which one is missing rather than fail later. */
const REQUIRED_BACKEND_URL = {
  comfyui: 'COMFYUI_URL',
  a1111: 'A1111_URL',
  openai: 'OPENAI_IMAGES_URL',
} as const;

const envSchema = envVariables.transform((raw, ctx) => {
  const s3 = s3Settings(raw, ctx);
  if (ctx.issues.length > 0) return z.NEVER;
  if (raw.IMAGE_BACKEND !== 'auto' && raw.IMAGE_BACKEND !== 'onnx') {
    const variable = REQUIRED_BACKEND_URL[raw.IMAGE_BACKEND];
    if (!raw[variable]) {
      ctx.addIssue({
        code: 'custom',
        path: [variable],
        message: `required when IMAGE_BACKEND=${raw.IMAGE_BACKEND}`,
      });
      return z.NEVER;
    }
  }
  if (raw.NOWPAYMENTS_API_KEY && !raw.NOWPAYMENTS_IPN_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['NOWPAYMENTS_IPN_SECRET'],
      message: 'required when NOWPAYMENTS_API_KEY is set (IPNs cannot be verified without it)',
    });
    return z.NEVER;
  }
  const creditPackages = parseCreditPackages(raw.CREDIT_PACKAGES);
  if (!creditPackages) {
    ctx.addIssue({
      code: 'custom',
      path: ['CREDIT_PACKAGES'],
      message: 'expected id:credits:price,… with unique lowercase ids, whole credits and prices',
    });
    return z.NEVER;
  }
  const invocationDir = raw.INIT_CWD ?? process.cwd();
  const fromInvocationDir = (value: string | undefined) =>
    value ? resolveFromInvocationDir(value, invocationDir) : undefined;
  const dataDir = fromInvocationDir(raw.DATA_DIR) ?? path.join(REPO_ROOT, 'data');
  const modelsFile = fromInvocationDir(raw.MODELS_FILE);
  const catalog = modelCatalogFromFile(modelsFile, ctx);
  if (modelsFile && !catalog) return z.NEVER;
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
    /** Put in front of image links (a CDN or proxy origin); unset: links are paths on this origin. */
    IMAGE_BASE_URL: raw.IMAGE_BASE_URL,
    /** Set: images live in this bucket instead of DATA_DIR/images. */
    S3: s3,
    SMTP_URL: raw.SMTP_URL,
    MAIL_FROM: raw.MAIL_FROM,
    LOG_LEVEL: raw.LOG_LEVEL,
    CORS_ORIGINS: raw.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter((origin) => origin.length > 0),
    WEB_DIST_DIR: fromInvocationDir(raw.WEB_DIST_DIR) ?? path.join(REPO_ROOT, 'apps/web/dist'),
    TRUST_PROXY: raw.TRUST_PROXY,
    SIGN_UP_MAX_PER_IP_PER_MINUTE: raw.SIGN_UP_MAX_PER_IP_PER_MINUTE,
    SIGN_IN_MAX_PER_IP_PER_15_MIN: raw.SIGN_IN_MAX_PER_IP_PER_15_MIN,
    RATE_LIMIT_PER_MINUTE: raw.RATE_LIMIT_PER_MINUTE,
    IMAGE_RATE_LIMIT_PER_MINUTE: raw.IMAGE_RATE_LIMIT_PER_MINUTE,
    GENERATE_MAX_PER_USER_PER_MINUTE: raw.GENERATE_MAX_PER_USER_PER_MINUTE,
    DAILY_CLAIM_MAX_PER_USER_PER_MINUTE: raw.DAILY_CLAIM_MAX_PER_USER_PER_MINUTE,
    IPN_MAX_PER_IP_PER_MINUTE: raw.IPN_MAX_PER_IP_PER_MINUTE,
    BODY_LIMIT_BYTES: raw.BODY_LIMIT_BYTES,
    HTTP_REQUEST_TIMEOUT_S: raw.HTTP_REQUEST_TIMEOUT_S,
    MAX_CONNECTIONS_PER_IP: raw.MAX_CONNECTIONS_PER_IP,
    GENERATION_TIMEOUT_S: raw.GENERATION_TIMEOUT_S,
    SHUTDOWN_GRACE_S: raw.SHUTDOWN_GRACE_S,
    WORKER_CONCURRENCY: raw.WORKER_CONCURRENCY,
    GENERATION_LEASE_S: raw.GENERATION_LEASE_S,
    GENERATION_QUEUE_LIMITS: {
      free: raw.GENERATION_QUEUE_MAX_PER_USER,
      premium: raw.GENERATION_QUEUE_MAX_PER_PREMIUM_USER,
    },
    RESULT_RETENTION_HOURS: raw.RESULT_RETENTION_HOURS,
    PROMPT_SUSPENSION_HOURS: raw.PROMPT_SUSPENSION_HOURS,
    PROMPT_POLICY_EXTRA_NAMES_FILE: fromInvocationDir(raw.PROMPT_POLICY_EXTRA_NAMES_FILE),
    /** Set: every process serves GET /metrics to this bearer token; unset: no such route. */
    METRICS_TOKEN: raw.METRICS_TOKEN,
    IMAGE: {
      backend: raw.IMAGE_BACKEND,
      modelsDir: fromInvocationDir(raw.MODELS_DIR) ?? path.join(dataDir, 'models'),
      model: raw.IMAGE_MODEL,
      comfyuiUrl: raw.COMFYUI_URL,
      comfyuiWorkflowPath: fromInvocationDir(raw.COMFYUI_WORKFLOW),
      a1111Url: raw.A1111_URL,
      openaiUrl: raw.OPENAI_IMAGES_URL,
      openaiApiKey: raw.OPENAI_API_KEY,
      openaiModel: raw.OPENAI_IMAGES_MODEL,
    },
    MODELS: {
      /** The operator's catalog (MODELS_FILE); unset: a catalog of one from IMAGE (docs/models.md). */
      file: modelsFile,
      catalog,
      /** Ids this process's worker serves; unset: every model of the catalog. */
      workerModels: raw.WORKER_MODELS,
      /** The Hub endpoint (a mirror) the console's pull rebases huggingface.co files onto. */
      hubUrl: raw.HF_ENDPOINT,
      /** The credentials the catalog names, read here (the only reader of process.env). */
      secrets: {} as Record<string, string | undefined>,
    },
    PAYMENTS: {
      /** Unset: the built-in simulator answers at PUBLIC_URL/simulator/nowpayments. */
      apiKey: raw.NOWPAYMENTS_API_KEY,
      ipnSecret: raw.NOWPAYMENTS_IPN_SECRET,
      apiUrl: raw.NOWPAYMENTS_API_URL.replace(/\/+$/, ''),
      monthlyPriceUsd: raw.PREMIUM_MONTHLY_PRICE_USD,
      lifetimePriceUsd: raw.PREMIUM_LIFETIME_PRICE_USD,
      creditPackages,
      supportEmail: raw.SUPPORT_EMAIL,
      reconcileIntervalMs: raw.PAYMENT_RECONCILE_INTERVAL_S * 1000,
      ipnAuditRetentionDays: raw.IPN_AUDIT_RETENTION_DAYS,
    },
    OPERATORS: { emails: raw.OPERATOR_EMAILS, requireTwoFactor: raw.OPERATOR_REQUIRE_TWO_FACTOR },
  };
});

export type Env = z.output<typeof envSchema>;
export type ImageEnv = Env['IMAGE'];
export type S3Env = NonNullable<Env['S3']>;
export type PaymentsEnv = Env['PAYMENTS'];
export type ModelsEnv = Env['MODELS'];

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
  result.data.MODELS.secrets = catalogSecrets(result.data.MODELS.catalog, source);
  return result.data;
}
