import { describe, expect, it } from 'vitest';
import { createKnownAddresses } from './known-addresses';

describe('known addresses', () => {
  it('knows an address until its time is up', async () => {
    const clock = { now: 0 };
    const known = createKnownAddresses({ ttlMs: 1000, maxPerAccount: 5, now: () => clock.now });
    await known.remember('owner@example.com', '10.0.0.1');
    clock.now = 999;
    expect(await known.isKnown('owner@example.com', '10.0.0.1')).toBe(true);
    clock.now = 1000;
    expect(await known.isKnown('owner@example.com', '10.0.0.1')).toBe(false);
    clock.now = 10;
    expect(await known.isKnown('other@example.com', '10.0.0.1')).toBe(false);
  });

  it('keeps only the newest addresses of an account; remembering again makes one newest', async () => {
    const clock = { now: 0 };
    const known = createKnownAddresses({ ttlMs: 1000, maxPerAccount: 2, now: () => clock.now });
    for (const address of ['a', 'b', 'a', 'c']) {
      await known.remember('owner@example.com', address);
      clock.now += 1;
    }
    expect(await known.isKnown('owner@example.com', 'a')).toBe(true);
    expect(await known.isKnown('owner@example.com', 'b')).toBe(false);
    expect(await known.isKnown('owner@example.com', 'c')).toBe(true);
  });
});
