import { describe, expect, it } from 'vitest';
import { createUserExistenceCache } from './user-existence-cache';

function setup(existing: Set<string>) {
  let clock = 0;
  const lookups: string[] = [];
  const cache = createUserExistenceCache({
    lookup: async (userId) => {
      lookups.push(userId);
      return existing.has(userId);
    },
    ttlMs: 1000,
    maxEntries: 2,
    now: () => clock,
  });
  return { cache, lookups, advance: (ms: number) => (clock += ms) };
}

describe('user existence cache', () => {
  it('asks once per TTL for a user who exists, every time for one who does not', async () => {
    const { cache, lookups, advance } = setup(new Set(['alice']));
    expect(await cache.exists('alice')).toBe(true);
    expect(await cache.exists('alice')).toBe(true);
    expect(await cache.exists('ghost')).toBe(false);
    expect(await cache.exists('ghost')).toBe(false);
    expect(lookups).toEqual(['alice', 'ghost', 'ghost']);
    advance(1000);
    expect(await cache.exists('alice')).toBe(true);
    expect(lookups).toEqual(['alice', 'ghost', 'ghost', 'alice']);
  });

  it('forgets a deleted user at once', async () => {
    const existing = new Set(['alice']);
    const { cache } = setup(existing);
    expect(await cache.exists('alice')).toBe(true);
    existing.delete('alice');
    cache.forget('alice');
    expect(await cache.exists('alice')).toBe(false);
  });

  it('does not re-cache a user from a lookup that started before they were forgotten', async () => {
    let answer: (value: boolean) => void = () => undefined;
    let clock = 0;
    let calls = 0;
    const cache = createUserExistenceCache({
      lookup: () => {
        calls += 1;
        return calls === 1 ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(false);
      },
      ttlMs: 1000,
      maxEntries: 10,
      now: () => clock,
    });
    const inFlight = cache.exists('alice');
    clock += 1;
    cache.forget('alice');
    answer(true);
    expect(await inFlight).toBe(true);
    expect(await cache.exists('alice')).toBe(false);
    expect(calls).toBe(2);
  });

  it('holds at most maxEntries users, dropping the oldest confirmed', async () => {
    const { cache, lookups } = setup(new Set(['a', 'b', 'c']));
    await cache.exists('a');
    await cache.exists('b');
    await cache.exists('c');
    await cache.exists('a');
    expect(lookups).toEqual(['a', 'b', 'c', 'a']);
  });
});
