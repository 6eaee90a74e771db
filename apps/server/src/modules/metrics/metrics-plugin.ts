import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import { hasBearerToken } from './has-bearer-token';
import {
  enableProcessMetrics,
  httpRequestDuration,
  processRegistry,
} from '../process-metrics/process-metrics';
import { createServiceGauges } from './service-gauges';

interface MetricsPluginOptions {
  /** METRICS_TOKEN: a scrape must send `Authorization: Bearer <token>`. */
  token: string;
  /** Whether to report the database's shared state (queue, reconcile backlog): API processes. */
  serviceState: boolean;
}

/**
 * GET /metrics in Prometheus text format (docs/decisions/057-prometheus-metrics.md), and the
 * request latency of every route of the app, labelled by the route pattern (never the raw URL,
 * whose ids would make a series per request) and the status class.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions) {
    enableProcessMetrics();
    const gauges = options.serviceState ? createServiceGauges() : undefined;
    app.addHook('onResponse', (request, reply, done) => {
      httpRequestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!hasBearerToken(request.headers.authorization, options.token)) {
        throw new AppError('METRICS_TOKEN_REQUIRED', { headers: { 'WWW-Authenticate': 'Bearer' } });
      }
      if (gauges) {
        const models = app.models.registry.catalog.models.map((entry) => entry.id);
        await gauges.refresh(app.database.db, models, app.models.livenessMs);
      }
      const own = await processRegistry.metrics();
      const shared = gauges ? await gauges.registry.metrics() : '';
      return reply.type(processRegistry.contentType).send(own + shared);
    });
  },
  { name: 'metrics' },
);
