import { describe, expect, it } from 'vitest';
import { validateUsername } from './username';

describe('validateUsername (spec §5)', () => {
  it.each([
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be less than 20 characters'],
    ['bad name', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['ünï', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['abc', null],
    ['a'.repeat(20), null],
    ['Night_Owl-42', null],
  ])('%j → %s', (value, message) => {
    expect(validateUsername(value)).toBe(message);
  });
});
