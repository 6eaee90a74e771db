import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { insertSelection } from './insert-selection';

const table = pgTable('sample', {
  id: text('id').$defaultFn(() => 'computed in JS'),
  count: integer('count').notNull().default(1),
  note: text('note'),
});

describe('insertSelection', () => {
  it('lists every column in order, each cast, with the column default where nothing is given', () => {
    const { sql, params } = new PgDialect().sqlToQuery(insertSelection(table, { id: 'a' }));
    expect(sql).toBe('$1::text, $2::integer, $3::text');
    expect(params).toEqual(['a', 1, null]);
  });

  it('refuses to compute a JS default into the statement (a prepared one would repeat it)', () => {
    expect(() => insertSelection(table, { count: 2 })).toThrow('give id a value');
  });
});
