import { describe, expect, it } from 'vitest';
import { parseRole } from './parse-role';

describe('parseRole', () => {
  it('defaults to all', () => {
    expect(parseRole([])).toBe('all');
  });

  it('reads both spellings', () => {
    expect(parseRole(['--role=worker'])).toBe('worker');
    expect(parseRole(['--role', 'api'])).toBe('api');
  });

  it('refuses an unknown role', () => {
    expect(() => parseRole(['--role=admin'])).toThrow(/Unknown --role "admin"/);
  });
});
