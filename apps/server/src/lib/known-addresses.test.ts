import { describe, expect, it } from 'vitest';
import { createKnownAddresses } from './known-addresses';

describe('known addresses', () => {
  it('knows an address until its time is up', () => {
    const known = createKnownAddresses({ ttlMs: 1000, maxPerAccount: 5 });
    known.remember('owner@example.com', '10.0.0.1', 0);
    expect(known.isKnown('owner@example.com', '10.0.0.1', 999)).toBe(true);
    expect(known.isKnown('owner@example.com', '10.0.0.1', 1000)).toBe(false);
    expect(known.isKnown('other@example.com', '10.0.0.1', 10)).toBe(false);
  });

  it('keeps only the newest addresses of an account; remembering again makes one newest', () => {
    const known = createKnownAddresses({ ttlMs: 1000, maxPerAccount: 2 });
    known.remember('owner@example.com', 'a', 0);
    known.remember('owner@example.com', 'b', 1);
    known.remember('owner@example.com', 'a', 2);
    known.remember('owner@example.com', 'c', 3);
    expect(known.isKnown('owner@example.com', 'a', 4)).toBe(true);
    expect(known.isKnown('owner@example.com', 'b', 4)).toBe(false);
    expect(known.isKnown('owner@example.com', 'c', 4)).toBe(true);
  });
});
