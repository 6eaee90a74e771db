import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './is-database-unavailable';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows an outage, also wrapped in a cause chain (drizzle wraps the driver)', () => {
    expect(isDatabaseUnavailable(pgError('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P03') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves a query that is wrong a 500 (it would fail again after any wait)', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('a string')).toBe(false);
  });
});
