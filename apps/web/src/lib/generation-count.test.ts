import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GENERATION_COUNT_STORAGE_KEY,
  incrementGenerationCount,
  readGenerationCount,
  subscribeToGenerationCount,
} from './generation-count';

afterEach(() => localStorage.clear());

describe('generation count', () => {
  it("is kept under the spec's 'userGenerationCount' key", () => {
    expect(GENERATION_COUNT_STORAGE_KEY).toBe('userGenerationCount');
  });

  it.each([
    [null, 0],
    ['', 0],
    ['abc', 0],
    ['-3', 0],
    ['0', 0],
    ['7', 7],
  ])('reads %j as %i', (stored, count) => {
    if (stored !== null) localStorage.setItem(GENERATION_COUNT_STORAGE_KEY, stored);
    expect(readGenerationCount()).toBe(count);
  });

  it('increments from nothing, then from the stored value', () => {
    incrementGenerationCount();
    expect(localStorage.getItem(GENERATION_COUNT_STORAGE_KEY)).toBe('1');
    localStorage.setItem(GENERATION_COUNT_STORAGE_KEY, '4');
    incrementGenerationCount();
    expect(localStorage.getItem(GENERATION_COUNT_STORAGE_KEY)).toBe('5');
  });

  it('announces an increment to subscribers in this tab until they unsubscribe', () => {
    const onChange = vi.fn();
    const unsubscribe = subscribeToGenerationCount(onChange);
    incrementGenerationCount();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0]).toMatchObject({ key: GENERATION_COUNT_STORAGE_KEY });
    unsubscribe();
    incrementGenerationCount();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('reads 0 and increments silently when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(readGenerationCount()).toBe(0);
    expect(() => incrementGenerationCount()).not.toThrow();
  });
});
