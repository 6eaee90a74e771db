import { z } from 'zod';
import {
  optionalBoolean,
  optionalString,
  resolveFromInvocationDir,
  type FromInvocationDir,
} from './env/env-fields';
import {
  checkBackendUrl,
  imageSettings,
  imageVariables,
  modelsSettings,
} from './env/image-variables';
import { limitSettings, limitVariables } from './env/limit-variables';
import { catalogSecrets, modelCatalogFromFile } from './env/model-settings';
import { operatorVariables } from './env/operator-settings';
import {
  checkIpnSecret,
  creditPackagesOf,
  paymentSettings,
  paymentVariables,
} from './env/payment-variables';
import {
  moderationSettings,
  moderationVariables,
  queueSettings,
  queueVariables,
} from './env/queue-variables';
import { s3Settings } from './env/s3-settings';
import {
  dataDirOf,
  serverSettings,
  servingSettings,
  serverVariables,
  servingVariables,
} from './env/server-variables';
import { mailVariables, storageVariables } from './env/storage-variables';

/**
 * The variables as they arrive, by concern (each part under `env/`). What each one does, and its
 * default, is written once in `.env.example` at the repo root; env.test.ts fails when the two
 * disagree.
 */
export const envVariables = z.object({
  ...serverVariables,
  ...storageVariables,
  ...mailVariables,
  ...servingVariables,
  ...limitVariables,
  ...queueVariables,
  ...moderationVariables,
  ...imageVariables,
  ...paymentVariables,
  ...operatorVariables,
  /** A trusted network's webhooks may use plain http and private addresses (modules/webhooks). */
  WEBHOOKS_ALLOW_PRIVATE: optionalBoolean.transform((value) => value ?? false),
  /** Set by npm, not by people: the directory `npm start` ran in. */
  INIT_CWD: optionalString,
});

type RawEnv = z.output<typeof envVariables>;

/** The settings every process reads, shaped from the variables once they are each valid. */
function settingsOf(raw: RawEnv, ctx: z.RefinementCtx) {
  const s3 = s3Settings(raw, ctx);
  if (ctx.issues.length > 0) return z.NEVER;
  if (!checkBackendUrl(raw, ctx) || !checkIpnSecret(raw, ctx)) return z.NEVER;
  const creditPackages = creditPackagesOf(raw, ctx);
  if (!creditPackages) return z.NEVER;
  const invocationDir = raw.INIT_CWD ?? process.cwd();
  const fromInvocationDir: FromInvocationDir = (value) =>
    value ? resolveFromInvocationDir(value, invocationDir) : undefined;
  const dataDir = dataDirOf(raw, fromInvocationDir);
  const modelsFile = fromInvocationDir(raw.MODELS_FILE);
  const catalog = modelCatalogFromFile(modelsFile, ctx);
  if (modelsFile && !catalog) return z.NEVER;
  return {
    ...serverSettings(raw, dataDir),
    /** Put in front of image links (a CDN or proxy origin); unset: links are paths on this origin. */
    IMAGE_BASE_URL: raw.IMAGE_BASE_URL,
    /** Set: images live in this bucket instead of DATA_DIR/images. */
    S3: s3,
    SMTP_URL: raw.SMTP_URL,
    MAIL_FROM: raw.MAIL_FROM,
    ...servingSettings(raw, fromInvocationDir),
    ...limitSettings(raw),
    ...queueSettings(raw),
    ...moderationSettings(raw, fromInvocationDir),
    /** Set: every process serves GET /metrics to this bearer token; unset: no such route. */
    METRICS_TOKEN: raw.METRICS_TOKEN,
    IMAGE: imageSettings(raw, fromInvocationDir, dataDir),
    MODELS: modelsSettings(raw, modelsFile, catalog),
    PAYMENTS: paymentSettings(raw, creditPackages),
    OPERATORS: { emails: raw.OPERATOR_EMAILS, requireTwoFactor: raw.OPERATOR_REQUIRE_TWO_FACTOR },
    WEBHOOKS_ALLOW_PRIVATE: raw.WEBHOOKS_ALLOW_PRIVATE,
  };
}

const envSchema = envVariables.transform(settingsOf);

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
