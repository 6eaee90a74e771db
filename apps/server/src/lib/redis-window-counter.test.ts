import { describe, expect, it } from 'vitest';
import { useLimitsRedisClients } from '../../test/limits-redis-clients';
import { hasRedisServer } from '../../test/start-redis-server';
import { createLogger } from './create-logger';
import {
  createRedisWindowCounter,
  LIMITS_REDIS_TIMEOUT_MS,
  type LimitsRedisClient,
} from './redis-window-counter';
import { createMemoryWindowCounter } from './window-counter';

if (!hasRedisServer) {
  console.warn('redis-window-counter.test.ts skipped: /usr/bin/redis-server is not installed');
}

function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = createLogger(
    { LOG_LEVEL: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { logger, lines };
}

describe.runIf(hasRedisServer)('createRedisWindowCounter', () => {
  const shared = useLimitsRedisClients();

  const counterOn = (client: LimitsRedisClient, logger = createLogger({ LOG_LEVEL: 'silent' })) =>
    createRedisWindowCounter({
      client,
      prefix: 'test:',
      fallback: createMemoryWindowCounter(),
      logger,
    });

  it('counts the hits of every process in one window that expires', async () => {
    const [first, second] = shared.clients().map((client) => counterOn(client));
    // A second: long enough for these round trips on a busy machine, short enough to wait out.
    const windowMs = 1_000;
    expect((await first!.hit('a', windowMs)).count).toBe(1);
    expect((await second!.hit('a', windowMs)).count).toBe(2);
    const third = await first!.hit('a', windowMs);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(0);
    expect(third.resetInMs).toBeLessThanOrEqual(windowMs);
    expect((await second!.hit('b', windowMs)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
    expect((await second!.hit('a', windowMs)).count).toBe(1);
  });

  it('counts in this process when Redis is gone, warning once', async () => {
    const { logger, lines } = recordingLogger();
    const counter = counterOn(shared.clients()[0]!, logger);
    expect((await counter.hit('a', 60_000)).count).toBe(1);
    await shared.redis().stop();
    const started = Date.now();
    expect((await counter.hit('a', 60_000)).count).toBe(1);
    expect((await counter.hit('a', 60_000)).count).toBe(2);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lines.filter((line) => line.msg.includes('Redis unavailable'))).toHaveLength(1);
  });

  it('does not wait for a Redis that stopped answering', async () => {
    const counter = counterOn(shared.clients()[0]!);
    expect((await counter.hit('a', 60_000)).count).toBe(1);
    shared.redis().pause();
    try {
      const started = Date.now();
      expect((await counter.hit('a', 60_000)).count).toBe(1);
      expect(Date.now() - started).toBeLessThan(LIMITS_REDIS_TIMEOUT_MS + 500);
    } finally {
      shared.redis().resume();
    }
  });
});
