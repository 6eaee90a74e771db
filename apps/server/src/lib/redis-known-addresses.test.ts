import { describe, expect, it } from 'vitest';
import { useLimitsRedisClients } from '../../test/limits-redis-clients';
import { hasRedisServer } from '../../test/start-redis-server';
import { createLogger } from './create-logger';
import { createKnownAddresses } from './known-addresses';
import { createRedisKnownAddresses } from './redis-known-addresses';
import type { LimitsRedisClient } from './redis-window-counter';

if (!hasRedisServer) {
  console.warn('redis-known-addresses.test.ts skipped: /usr/bin/redis-server is not installed');
}

describe.runIf(hasRedisServer)('createRedisKnownAddresses', () => {
  const shared = useLimitsRedisClients();

  const knownOn = (client: LimitsRedisClient, options = { ttlMs: 60_000, maxPerAccount: 2 }) =>
    createRedisKnownAddresses({
      ...options,
      client,
      prefix: 'test:',
      fallback: createKnownAddresses(options),
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    });

  it('knows in every process, the newest addresses only, until their time is up', async () => {
    const [first, second] = shared.clients().map((client) => knownOn(client));
    for (const address of ['a', 'b', 'a', 'c']) {
      await first!.remember('owner', address);
      // Expiry times order the addresses: a millisecond apart, as sign-ins are.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await second!.isKnown('owner', 'a')).toBe(true);
    expect(await second!.isKnown('owner', 'b')).toBe(false);
    expect(await second!.isKnown('owner', 'c')).toBe(true);
    expect(await second!.isKnown('other', 'a')).toBe(false);

    // A second: long enough for two round trips on a busy machine, short enough to wait out.
    const brief = knownOn(shared.clients()[0]!, { ttlMs: 1_000, maxPerAccount: 2 });
    await brief.remember('brief', 'a');
    expect(await brief.isKnown('brief', 'a')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect(await brief.isKnown('brief', 'a')).toBe(false);
  });

  it('knows what this process saw while Redis is gone', async () => {
    const known = knownOn(shared.clients()[0]!);
    await shared.redis().stop();
    await known.remember('owner', 'a');
    expect(await known.isKnown('owner', 'a')).toBe(true);
    expect(await known.isKnown('owner', 'b')).toBe(false);
  });
});
