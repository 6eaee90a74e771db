import { describe, expect, it } from 'vitest';
import { createPositiveAnswerCache } from './positive-answer-cache';

function setup(existing: Set<string>) {
  let clock = 0;
  const lookups: string[] = [];
  const cache = createPositiveAnswerCache<string>({
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

describe('positive answer cache (here: does a user exist)', () => {
  it('asks once per TTL for a user who exists, every time for one who does not', async () => {
    const { cache, lookups, advance } = setup(new Set(['alice']));
    expect(await cache.holds('alice')).toBe(true);
    expect(await cache.holds('alice')).toBe(true);
    expect(await cache.holds('ghost')).toBe(false);
    expect(await cache.holds('ghost')).toBe(false);
    expect(lookups).toEqual(['alice', 'ghost', 'ghost']);
    advance(1000);
    expect(await cache.holds('alice')).toBe(true);
    expect(lookups).toEqual(['alice', 'ghost', 'ghost', 'alice']);
  });

  it('forgets a deleted user at once', async () => {
    const existing = new Set(['alice']);
    const { cache } = setup(existing);
    expect(await cache.holds('alice')).toBe(true);
    existing.delete('alice');
    cache.forget('alice');
    expect(await cache.holds('alice')).toBe(false);
  });

  it('does not re-cache a user from a lookup that started before they were forgotten', async () => {
    let answer: (value: boolean) => void = () => undefined;
    let clock = 0;
    let calls = 0;
    const cache = createPositiveAnswerCache<string>({
      lookup: () => {
        calls += 1;
        return calls === 1 ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(false);
      },
      ttlMs: 1000,
      maxEntries: 10,
      now: () => clock,
    });
    const inFlight = cache.holds('alice');
    clock += 1;
    cache.forget('alice');
    answer(true);
    expect(await inFlight).toBe(true);
    expect(await cache.holds('alice')).toBe(false);
    expect(calls).toBe(2);
  });

  it('holds at most maxEntries users, dropping the oldest confirmed', async () => {
    const { cache, lookups } = setup(new Set(['a', 'b', 'c']));
    await cache.holds('a');
    await cache.holds('b');
    await cache.holds('c');
    await cache.holds('a');
    expect(lookups).toEqual(['a', 'b', 'c', 'a']);
  });
});
