import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createKnownAddresses,
  type KnownAddresses,
  type KnownAddressesOptions,
} from '../../lib/known-addresses';
import { createRedisKnownAddresses } from '../../lib/redis-known-addresses';
import { createLimitsRedisClient, createRedisWindowCounter } from '../../lib/redis-window-counter';
import { createMemoryWindowCounter, type WindowCounter } from '../../lib/window-counter';

const KEY_PREFIX = 'nocturne:limit:';

export interface Limits {
  /** Where every limit we own counts: Redis with REDIS_URL, else this process's memory. */
  counter: WindowCounter;
  /** Whether other processes see the same counts. */
  shared: boolean;
  /** The addresses exempt from an account's sign-in limit, kept where the counts are. */
  createKnownAddresses(options: KnownAddressesOptions): KnownAddresses;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

/**
 * The counter behind every rate limit (decision 023). With REDIS_URL all API processes share one
 * budget per limit; without it each process counts alone, which is exact for one process.
 */
export default fp(
  async function limitsPlugin(app: FastifyInstance, options: { redisUrl: string | undefined }) {
    const memory = createMemoryWindowCounter();
    if (!options.redisUrl) {
      app.decorate('limits', {
        counter: memory,
        shared: false,
        createKnownAddresses,
      } satisfies Limits);
      return;
    }
    const client = createLimitsRedisClient(options.redisUrl);
    await client.connect();
    app.addHook('onClose', async () => {
      // close() waits for a reconnection that may never come when Redis is gone.
      if (client.isReady) await client.close();
      else if (client.isOpen) client.destroy();
    });
    app.decorate('limits', {
      counter: createRedisWindowCounter({
        client,
        prefix: KEY_PREFIX,
        fallback: memory,
        logger: app.log,
      }),
      shared: true,
      createKnownAddresses: (knownOptions) =>
        createRedisKnownAddresses({
          ...knownOptions,
          client,
          prefix: KEY_PREFIX,
          fallback: createKnownAddresses(knownOptions),
          logger: app.log,
        }),
    } satisfies Limits);
  },
  { name: 'limits' },
);
