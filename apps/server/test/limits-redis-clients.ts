import { afterEach, beforeEach } from 'vitest';
import { createLimitsRedisClient, type LimitsRedisClient } from '../src/lib/redis-window-counter';
import { startRedisServer, type RedisServer } from './start-redis-server';

/**
 * A fresh redis-server per test with two connected limits clients on it (two processes sharing
 * one Redis); both closed and the server stopped after the test. Call inside a describe.
 */
export function useLimitsRedisClients(): { redis(): RedisServer; clients(): LimitsRedisClient[] } {
  let redis: RedisServer;
  let clients: LimitsRedisClient[];
  beforeEach(async () => {
    redis = await startRedisServer();
    clients = [createLimitsRedisClient(redis.url), createLimitsRedisClient(redis.url)];
    await Promise.all(clients.map((client) => client.connect()));
  });
  afterEach(async () => {
    // A client whose server was stopped by the test would wait for it forever on close().
    await Promise.all(
      clients.map((client) =>
        client.isReady ? client.close() : client.isOpen ? client.destroy() : undefined,
      ),
    );
    await redis.stop();
  });
  return { redis: () => redis, clients: () => clients };
}
