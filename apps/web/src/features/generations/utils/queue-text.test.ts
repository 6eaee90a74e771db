import { describe, expect, it } from 'vitest';
import { formatWait, ordinal, queueText } from './queue-text';

describe('queue text', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
  ])('ordinal(%i) is %s', (value, text) => {
    expect(ordinal(value)).toBe(text);
  });

  it('says the place and the wait together, or whichever is known', () => {
    expect(queueText(3, 20)).toBe('3rd in queue · about 20 s');
    expect(queueText(1, null)).toBe('1st in queue');
    expect(queueText(null, 150)).toBe('about 3 min');
    expect(queueText(null, null)).toBeNull();
  });

  it('never promises less than a second', () => {
    expect(formatWait(0)).toBe('about 1 s');
  });
});
