import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/database';
import type { NowPaymentsClient } from './modules/billing/nowpayments-client';
import type { ModelSources } from './modules/models/model-sources';
import type { PasswordHashing } from './modules/auth/create-auth';
import type { Env } from './env';
import { createLogger, type Logger } from './lib/create-logger';
import { RequestLogController } from './lib/request-log-controller';
import { requestDeadlineOptions } from './lib/request-deadline';
import {
  SIGN_IN_MAX_PER_ACCOUNT_AND_IP,
  SIGN_IN_MAX_PER_EMAIL,
} from './modules/auth/auth-constants';
import { healthRoutes } from './modules/health/health-routes';
import { imageRoutes } from './modules/images/image-routes';
import { paymentSimulatorRoutes } from './modules/payment-simulator/payment-simulator-routes';
import { ipnRoutes } from './modules/billing/ipn-routes';
import { SIMULATOR_PREFIX } from './modules/billing/payments-config';
import metricsPlugin from './modules/metrics/metrics-plugin';
import webApp from './modules/web/web-app';
import authPlugin from './plugins/app/auth';
import connectionLimit from './plugins/app/connection-limit';
import apiV1 from './plugins/app/api-v1';
import databasePlugin from './plugins/app/database';
import drainPlugin from './plugins/app/drain';
import errorHandler from './plugins/app/error-handler';
import imageStorePlugin from './plugins/app/image-store';
import limitsPlugin from './plugins/app/limits';
import modelsPlugin from './plugins/app/models';
import moderationPlugin from './plugins/app/moderation';
import { landingSampleRoutes } from './modules/landing-samples/landing-sample-routes';
import serviceSettingsPlugin from './plugins/app/service-settings';
import overviewPlugin from './plugins/app/admin-overview';
import landingPagePlugin from './plugins/app/landing-page';
import paymentsPlugin from './plugins/app/payments';
import personRateLimits from './plugins/app/person-rate-limits';
import realtimePlugin from './plugins/app/realtime';
import refuseHostileInput from './plugins/app/refuse-hostile-input';
import corsPlugin from './plugins/external/cors';
import openapi from './plugins/external/openapi';
import rateLimitPlugin from './plugins/external/rate-limit';
import securityHeaders from './plugins/external/security-headers';

/** Per-IP and per-account limits; tests lower them to reach the limit in a few requests. */
export interface RateLimits {
  /** Requests per IP per minute on every route; RATE_LIMIT_PER_MINUTE when not given. */
  globalPerMinute?: number;
  signInPerAccountAndIp: number;
  signInPerEmail: number;
  /** Sign-in attempts per IP per 15 minutes; SIGN_IN_MAX_PER_IP_PER_15_MIN when not given. */
  signInPerIp?: number;
  /** Sign-ups per IP per minute; SIGN_UP_MAX_PER_IP_PER_MINUTE when not given. */
  signUpPerIp?: number;
  /** /images requests per IP per minute; IMAGE_RATE_LIMIT_PER_MINUTE when not given. */
  imagesPerMinute?: number;
  /** Generate + retry per person per minute; GENERATE_MAX_PER_USER_PER_MINUTE when not given. */
  generatePerPerson?: number;
  /** Daily claims per person per minute; DAILY_CLAIM_MAX_PER_USER_PER_MINUTE when not given. */
  dailyClaimPerPerson?: number;
  /** IPN deliveries per IP per minute; IPN_MAX_PER_IP_PER_MINUTE when not given. */
  ipnPerIp?: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerAccountAndIp: SIGN_IN_MAX_PER_ACCOUNT_AND_IP,
  signInPerEmail: SIGN_IN_MAX_PER_EMAIL,
};

export interface BuildAppOptions {
  env: Env;
  /** An open, migrated database; the caller keeps ownership. Opened from env when absent. */
  database?: Database;
  logger?: Logger;
  rateLimits?: Partial<RateLimits>;
  /** Where the engines and the console's pullable models come from (model-sources.ts). */
  modelSources: ModelSources;
  /** Stands for NOWPayments in tests; built from env (the provider or the simulator) when absent. */
  paymentsClient?: NowPaymentsClient;
  /** Tests: a cheaper password hash (decision 069); better-auth's own scrypt when absent. */
  passwordHashing?: PasswordHashing;
}

/**
 * A hop count as the function proxy-addr builds for one (Fastify accepts the number at run time but
 * its types do not): trust the first `hops` proxies counted from our socket.
 */
function fastifyTrustProxy(setting: Env['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * Builds the whole HTTP app (API, auth, realtime, web app) without listening, so tests drive the
 * real thing through `app.inject` and main.ts adds only `listen`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(env),
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: env.BODY_LIMIT_BYTES,
    ...requestDeadlineOptions(env.HTTP_REQUEST_TIMEOUT_S),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(connectionLimit, {
    maxPerAddress: env.MAX_CONNECTIONS_PER_IP,
    trustProxy: env.TRUST_PROXY,
  });
  await app.register(refuseHostileInput);
  await app.register(drainPlugin);
  await app.register(securityHeaders, { publicUrl: env.PUBLIC_URL });
  await app.register(corsPlugin, { origins: env.CORS_ORIGINS });
  await app.register(limitsPlugin, { redisUrl: env.REDIS_URL });
  await app.register(rateLimitPlugin, {
    maxPerMinute: limits.globalPerMinute ?? env.RATE_LIMIT_PER_MINUTE,
    sharedCounter: app.limits.shared ? app.limits.counter : undefined,
  });
  await app.register(personRateLimits, {
    generatePerMinute: limits.generatePerPerson ?? env.GENERATE_MAX_PER_USER_PER_MINUTE,
    dailyClaimPerMinute: limits.dailyClaimPerPerson ?? env.DAILY_CLAIM_MAX_PER_USER_PER_MINUTE,
  });
  await app.register(openapi, { publicUrl: env.PUBLIC_URL });
  // After the limits and headers, before every route it times.
  if (env.METRICS_TOKEN)
    await app.register(metricsPlugin, { token: env.METRICS_TOKEN, serviceState: true });

  await app.register(databasePlugin, {
    database: options.database,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  await app.register(moderationPlugin, { env });
  await app.register(authPlugin, {
    env,
    signInPerAccountAndIp: limits.signInPerAccountAndIp,
    signInPerEmail: limits.signInPerEmail,
    signInPerIp: limits.signInPerIp ?? env.SIGN_IN_MAX_PER_IP_PER_15_MIN,
    signUpPerIp: limits.signUpPerIp ?? env.SIGN_UP_MAX_PER_IP_PER_MINUTE,
    passwordHashing: options.passwordHashing,
  });
  await app.register(realtimePlugin, {
    corsOrigins: env.CORS_ORIGINS,
    fanOut: { databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL },
  });
  await app.register(modelsPlugin, { env, sources: options.modelSources });
  await app.register(serviceSettingsPlugin);
  await app.register(overviewPlugin);
  await app.register(landingPagePlugin, { distDir: env.WEB_DIST_DIR });
  await app.register(imageStorePlugin, { env });
  await app.register(paymentsPlugin, { env, client: options.paymentsClient });

  await app.register(healthRoutes);
  await app.register(ipnRoutes, { maxPerMinute: limits.ipnPerIp ?? env.IPN_MAX_PER_IP_PER_MINUTE });
  if (app.payments.config.simulated)
    await app.register(paymentSimulatorRoutes, { prefix: SIMULATOR_PREFIX });
  await app.register(apiV1, {
    prefix: '/api/v1',
    generationQueue: {
      limits: env.GENERATION_QUEUE_LIMITS,
      concurrency: env.WORKER_CONCURRENCY,
    },
    operators: env.OPERATORS,
  });
  await app.register(landingSampleRoutes, { images: app.images });
  await app.register(imageRoutes, {
    images: app.images,
    maxPerMinute: limits.imagesPerMinute ?? env.IMAGE_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(webApp, { distDir: env.WEB_DIST_DIR, operators: env.OPERATORS });
  return app;
}
