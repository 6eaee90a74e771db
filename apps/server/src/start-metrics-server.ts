import Fastify, { type FastifyInstance } from 'fastify';
import type { Env } from './env';
import type { Logger } from './lib/create-logger';
import errorHandler from './plugins/app/error-handler';
import metricsPlugin from './modules/metrics/metrics-plugin';

/**
 * A worker-only process serves its own GET /metrics on PORT (it has no app otherwise), so
 * Prometheus scrapes it like any other process; nothing when METRICS_TOKEN is not set.
 */
export async function startMetricsServer(
  env: Env,
  logger: Logger,
): Promise<FastifyInstance | undefined> {
  if (!env.METRICS_TOKEN) return undefined;
  const app = Fastify({ loggerInstance: logger });
  await app.register(errorHandler);
  await app.register(metricsPlugin, { token: env.METRICS_TOKEN, serviceState: false });
  await app.listen({ port: env.PORT, host: env.HOST });
  return app;
}
