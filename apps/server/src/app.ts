import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/database';
import type { ModelSources } from './modules/models/model-sources';
import type { PasswordHashing } from './modules/auth/create-auth';
import type { Env } from './env';
import { createLogger, type Logger } from './lib/create-logger';
import { RequestLogController } from './lib/request-log-controller';
import { requestDeadlineOptions } from './lib/request-deadline';
import { healthRoutes } from './modules/health/health-routes';
import { imageRoutes } from './modules/images/image-routes';
import { paymentSimulatorRoutes } from './modules/payment-simulator/payment-simulator-routes';
import { ipnRoutes } from './modules/billing/ipn-routes';
import { SIMULATOR_PREFIX } from './modules/billing/payments-config';
import metricsPlugin from './modules/metrics/metrics-plugin';
import webApp from './modules/web/web-app';
import apiKeysPlugin from './modules/api-keys/api-keys-plugin';
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

export interface BuildAppOptions {
  env: Env;
  /** An open, migrated database; the caller keeps ownership. */
  database: Database;
  logger?: Logger;
  /** Where the engines and the console's pullable models come from (model-sources.ts). */
  modelSources: ModelSources;
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
    maxPerMinute: env.RATE_LIMIT_PER_MINUTE,
    sharedCounter: app.limits.shared ? app.limits.counter : undefined,
  });
  await app.register(personRateLimits, {
    generatePerMinute: env.GENERATE_MAX_PER_USER_PER_MINUTE,
    dailyClaimPerMinute: env.DAILY_CLAIM_MAX_PER_USER_PER_MINUTE,
  });
  await app.register(openapi, { publicUrl: env.PUBLIC_URL });
  // After the limits and headers, before every route it times.
  if (env.METRICS_TOKEN)
    await app.register(metricsPlugin, { token: env.METRICS_TOKEN, serviceState: true });

  await app.register(databasePlugin, { database: options.database });
  await app.register(moderationPlugin, { env });
  await app.register(authPlugin, {
    env,
    signInPerAccountAndIp: env.SIGN_IN_MAX_PER_ACCOUNT_AND_IP,
    signInPerEmail: env.SIGN_IN_MAX_PER_EMAIL,
    signInPerIp: env.SIGN_IN_MAX_PER_IP_PER_15_MIN,
    signUpPerIp: env.SIGN_UP_MAX_PER_IP_PER_MINUTE,
    passwordHashing: options.passwordHashing,
  });
  // Before the API's routes: it records each one's key scope as it registers.
  await app.register(apiKeysPlugin, {
    perKeyPerMinute: env.RATE_LIMIT_PER_MINUTE,
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
  await app.register(paymentsPlugin, { env });

  await app.register(healthRoutes);
  await app.register(ipnRoutes, { maxPerMinute: env.IPN_MAX_PER_IP_PER_MINUTE });
  if (app.payments.config.simulated)
    await app.register(paymentSimulatorRoutes, { prefix: SIMULATOR_PREFIX });
  await app.register(apiV1, {
    prefix: '/api/v1',
    generationQueue: {
      limits: env.GENERATION_QUEUE_LIMITS,
      concurrency: env.WORKER_CONCURRENCY,
    },
    operators: env.OPERATORS,
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
  });
  await app.register(landingSampleRoutes, { images: app.images });
  await app.register(imageRoutes, {
    images: app.images,
    maxPerMinute: env.IMAGE_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(webApp, { distDir: env.WEB_DIST_DIR, operators: env.OPERATORS });
  return app;
}
