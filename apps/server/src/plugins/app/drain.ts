import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

/** How long a client should wait before trying a refused request again. */
export const DRAIN_RETRY_AFTER_S = 5;

export interface Drain {
  /** True from the first shutdown signal on. */
  readonly active: boolean;
  begin(): void;
  /** Route hook for new work (generate, retry): 503 SERVICE_RESTARTING with Retry-After. */
  refuseNewWork(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/**
 * Shutdown in two steps: first stop taking work (the load balancer sees /health 503 at once and
 * new charges are refused, so nothing is accepted that this process would abandon), then finish
 * or hand back what is running (start-server.ts).
 */
export default fp(
  async function drainPlugin(app: FastifyInstance) {
    let active = false;
    app.decorate('drain', {
      get active() {
        return active;
      },
      begin() {
        active = true;
      },
      async refuseNewWork() {
        if (!active) return;
        throw new AppError('SERVICE_RESTARTING', {
          headers: { 'retry-after': String(DRAIN_RETRY_AFTER_S) },
        });
      },
    } satisfies Drain);
  },
  { name: 'drain' },
);
