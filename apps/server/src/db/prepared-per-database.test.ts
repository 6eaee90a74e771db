import { describe, expect, it } from 'vitest';
import type { DbHandle } from './database';
import { preparedPerDatabase } from './prepared-per-database';

describe('preparedPerDatabase', () => {
  it('builds once per database and shape, never answering one shape with another', () => {
    const built: string[] = [];
    const preparedFor = preparedPerDatabase(
      (_db, query: { filter?: string; limit: number }) => {
        built.push(query.filter ?? 'none');
        return { filtered: query.filter !== undefined };
      },
      (query) => (query.filter ? 'filtered' : 'all'),
    );
    const one = {} as DbHandle;
    const other = {} as DbHandle;
    const all = preparedFor(one, { limit: 20 });
    expect(preparedFor(one, { limit: 100 })).toBe(all);
    expect(preparedFor(one, { filter: 'owl', limit: 20 })).toEqual({ filtered: true });
    expect(preparedFor(one, { filter: 'moon', limit: 20 })).toEqual({ filtered: true });
    expect(preparedFor(other, { limit: 20 })).not.toBe(all);
    expect(built).toEqual(['none', 'owl', 'none']);
  });

  it('builds a one-shape statement once per database', () => {
    let builds = 0;
    const preparedFor = preparedPerDatabase(() => ({ build: (builds += 1) }));
    const one = {} as DbHandle;
    expect(preparedFor(one)).toBe(preparedFor(one));
    expect(preparedFor({} as DbHandle)).toEqual({ build: 2 });
    expect(builds).toBe(2);
  });
});
